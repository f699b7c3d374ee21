package io.icegate.gateway.security;

import static java.util.Objects.requireNonNull;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * A salted, slow password hash: PBKDF2 with HMAC-SHA256 (the JDK's), a random 16-byte salt per
 * password and the iteration count stored with it, written {@code
 * pbkdf2-sha256$ITERATIONS$SALT$HASH} (salt and hash in Base64). Stored this way, raising {@link
 * #DEFAULT_ITERATIONS} later leaves existing hashes readable.
 */
public record PasswordHash(int iterations, byte[] salt, byte[] hash) {
  public static final String ALGORITHM = "pbkdf2-sha256";

  /** OWASP's 2023 recommendation for PBKDF2-HMAC-SHA256. */
  public static final int DEFAULT_ITERATIONS = 600_000;

  private static final int SALT_BYTES = 16;
  private static final int HASH_BITS = 256;
  private static final SecureRandom RANDOM = new SecureRandom();

  public PasswordHash {
    requireNonNull(salt, "salt is null");
    requireNonNull(hash, "hash is null");
    if (iterations < 1) {
      throw new IllegalArgumentException(
          "Cannot use a password hash of " + iterations + " iterations");
    }
    salt = salt.clone();
    hash = hash.clone();
  }

  /** Hashes {@code password} with a new random salt. */
  public static PasswordHash of(char[] password) {
    return of(password, DEFAULT_ITERATIONS);
  }

  public static PasswordHash of(char[] password, int iterations) {
    byte[] salt = new byte[SALT_BYTES];
    RANDOM.nextBytes(salt);
    return new PasswordHash(iterations, salt, derive(password, salt, iterations));
  }

  /**
   * Reads the stored form; fails on anything else, naming what is wrong but never echoing the
   * value.
   */
  public static PasswordHash parse(String stored) {
    String[] parts = stored.split("\\$", -1);
    if (parts.length != 4 || !parts[0].equals(ALGORITHM)) {
      throw new IllegalArgumentException(
          "Cannot read password hash: expected " + ALGORITHM + "$ITERATIONS$SALT$HASH");
    }
    try {
      return new PasswordHash(
          Integer.parseInt(parts[1]),
          Base64.getDecoder().decode(parts[2]),
          Base64.getDecoder().decode(parts[3]));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Cannot read password hash: bad iteration count or Base64", e);
    }
  }

  /**
   * Whether {@code password} is the one hashed; the comparison takes the same time wherever they
   * differ.
   */
  public boolean matches(char[] password) {
    return MessageDigest.isEqual(hash, derive(password, salt, iterations));
  }

  @Override
  public byte[] salt() {
    return salt.clone();
  }

  @Override
  public byte[] hash() {
    return hash.clone();
  }

  /** The stored form. */
  public String encoded() {
    Base64.Encoder base64 = Base64.getEncoder().withoutPadding();
    return ALGORITHM
        + "$"
        + iterations
        + "$"
        + base64.encodeToString(salt)
        + "$"
        + base64.encodeToString(hash);
  }

  @Override
  public String toString() {
    return "PasswordHash[" + ALGORITHM + ", " + iterations + " iterations]";
  }

  private static byte[] derive(char[] password, byte[] salt, int iterations) {
    PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, HASH_BITS);
    try {
      return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
    } catch (GeneralSecurityException e) {
      // Every Java 17 runtime has this algorithm: its absence is a broken JDK, not a user error.
      throw new IllegalStateException(
          "Cannot hash a password: PBKDF2WithHmacSHA256 is missing from this JDK", e);
    } finally {
      spec.clearPassword();
    }
  }
}
