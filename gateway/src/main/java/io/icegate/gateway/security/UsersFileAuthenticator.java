package io.icegate.gateway.security;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Authenticates against a {@link UsersFile}, re-read whenever it changes on disk (so {@code
 * bin/icegate user add} and {@code remove} take effect without a restart). A PBKDF2 check is slow
 * on purpose, and every HTTP request carries the credentials, so a successful check is remembered
 * as a keyed digest of the password (never the password) until the user's entry changes; failed
 * checks are never remembered and always pay the full cost.
 */
public final class UsersFileAuthenticator implements Authenticator {
  private static final Logger LOG = LoggerFactory.getLogger(UsersFileAuthenticator.class);

  /** Checked for unknown users, so that they take as long to refuse as a wrong password. */
  private static final PasswordHash NOBODY = PasswordHash.of("not a password".toCharArray());

  private final Path path;
  private final byte[] cacheKey = new byte[32];
  private final Map<String, Verified> verified = new ConcurrentHashMap<>();
  private volatile Loaded loaded;

  private record Loaded(UsersFile file, Object fileKey, long modified, long size) {}

  private record Verified(PasswordHash entry, byte[] digest) {}

  public UsersFileAuthenticator(Path path) {
    this.path = path;
    new SecureRandom().nextBytes(cacheKey);
    this.loaded = load();
    if (loaded.file().users().isEmpty()) {
      LOG.warn(
          "Users file {} has no users: every request will be refused (add one with bin/icegate user"
              + " add)",
          path);
    }
  }

  @Override
  public Optional<Identity> authenticate(String user, char[] password, String remoteAddress) {
    Optional<UsersFile.User> entry = current().user(user);
    if (entry.isEmpty()) {
      NOBODY.matches(password);
      return Optional.empty();
    }
    PasswordHash hash = entry.get().passwordHash();
    byte[] digest = digest(password);
    Verified known = verified.get(user);
    boolean ok =
        known != null && known.entry() == hash && MessageDigest.isEqual(known.digest(), digest);
    if (!ok && hash.matches(password)) {
      verified.put(user, new Verified(hash, digest));
      ok = true;
    }
    return ok
        ? Optional.of(new Identity(user, entry.get().role(), remoteAddress, true))
        : Optional.empty();
  }

  @Override
  public Optional<Identity> current(Identity identity) {
    return current()
        .user(identity.user())
        .map(u -> new Identity(identity.user(), u.role(), identity.remoteAddress(), true));
  }

  /** The file as it is now: re-read when its modification time, size or identity changed. */
  private UsersFile current() {
    Loaded seen = loaded;
    try {
      BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
      if (attributes.lastModifiedTime().toMillis() != seen.modified()
          || attributes.size() != seen.size()
          || !Objects.equals(attributes.fileKey(), seen.fileKey())) {
        synchronized (this) {
          if (loaded == seen) {
            loaded = load();
            verified.clear();
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      // A file being replaced or briefly unreadable: keep the users last read rather than lock
      // everyone out.
      LOG.warn(
          "Cannot re-read users file {}: {}; using the users read before", path, e.getMessage());
    }
    return loaded.file();
  }

  private Loaded load() {
    try {
      BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
      UsersFile file = UsersFile.read(path);
      return new Loaded(
          file, attributes.fileKey(), attributes.lastModifiedTime().toMillis(), attributes.size());
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException(
          "Cannot read users file "
              + path
              + ": it does not exist (create it with"
              + " bin/icegate user add NAME --role ROLE --users-file "
              + path
              + ")",
          e);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read users file " + path + ": " + e.getMessage(), e);
    }
  }

  private byte[] digest(char[] password) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(cacheKey, "HmacSHA256"));
      ByteBuffer bytes = StandardCharsets.UTF_8.encode(CharBuffer.wrap(password));
      mac.update(bytes.duplicate());
      if (bytes.hasArray()) {
        Arrays.fill(bytes.array(), (byte) 0);
      }
      return mac.doFinal();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(
          "Cannot digest a password: HmacSHA256 is missing from this JDK", e);
    }
  }
}
