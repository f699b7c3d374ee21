package io.icegate.access;

/**
 * What a user may do, each role including the ones before it: {@code READ} queries and reads
 * metadata, {@code WRITE} also changes data and schemas and adds snapshots, {@code ADMIN} also
 * deletes or rewrites files and moves table state (docs/SECURITY.md has the table of which
 * statement needs which role).
 */
public enum Role {
  READ,
  WRITE,
  ADMIN;

  public boolean includes(Role needed) {
    return compareTo(needed) >= 0;
  }
}
