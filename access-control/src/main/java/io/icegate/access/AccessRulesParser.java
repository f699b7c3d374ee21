package io.icegate.access;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Reads the rules file's text (YAML, or JSON: one schema) into {@link AccessRules}, refusing
 * anything it does not know with the section, the rule and the key at fault: a misspelt key must
 * not silently widen access.
 */
public final class AccessRulesParser {
  private static final Set<String> TOP =
      Set.of(
          "version",
          "defaults",
          "groups",
          "catalogs",
          "namespaces",
          "tables",
          "procedures",
          "session_settings");
  private static final Set<String> WHO = Set.of("id", "user", "group", "role");

  private AccessRulesParser() {}

  /**
   * @param source the file's name, for messages
   * @param json whether the text is JSON (else YAML, which JSON mostly is too)
   */
  public static AccessRules parse(String text, String source, boolean json)
      throws AccessRulesException {
    JsonNode root;
    try {
      root = (json ? new ObjectMapper() : new YAMLMapper()).readTree(text);
    } catch (JsonProcessingException e) {
      String where =
          e.getLocation() == null
              ? ""
              : " at line "
                  + e.getLocation().getLineNr()
                  + ", column "
                  + e.getLocation().getColumnNr();
      throw new AccessRulesException(
          "Cannot read rules file " + source + where + ": " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject()) {
      throw new AccessRulesException(
          "Cannot read rules file "
              + source
              + ": it must be a mapping of sections ("
              + String.join(", ", sorted(TOP))
              + ")");
    }
    Reader reader = new Reader(source);
    reader.keys(root, TOP, "the file");
    JsonNode version = root.get("version");
    if (version != null && !(version.isInt() && version.intValue() == 1)) {
      throw reader.fail("version", "must be 1, the only version there is");
    }
    boolean unmatchedAllows = false;
    JsonNode defaults = root.get("defaults");
    if (defaults != null) {
      reader.keys(defaults, Set.of("unmatched"), "defaults");
      String unmatched = reader.text(defaults, "unmatched", "defaults").orElse("deny");
      if (!unmatched.equals("allow") && !unmatched.equals("deny")) {
        throw reader.fail("defaults.unmatched", "must be allow or deny, not '" + unmatched + "'");
      }
      unmatchedAllows = unmatched.equals("allow");
    }
    Map<String, Set<String>> groupsOfUser = new LinkedHashMap<>();
    JsonNode groups = root.get("groups");
    if (groups != null) {
      if (!groups.isObject()) {
        throw reader.fail("groups", "must map each group to a list of users");
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = groups.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> group = it.next();
        for (String user : reader.strings(group.getValue(), "groups." + group.getKey())) {
          groupsOfUser.computeIfAbsent(user, u -> new LinkedHashSet<>()).add(group.getKey());
        }
      }
    }
    return new AccessRules(
        unmatchedAllows,
        groupsOfUser,
        reader.section(root, "catalogs", Set.of("catalog", "allow"), reader::catalogRule),
        reader.section(
            root, "namespaces", Set.of("catalog", "namespace", "owner"), reader::namespaceRule),
        reader.section(
            root,
            "tables",
            Set.of("catalog", "namespace", "table", "privileges", "columns", "filter"),
            reader::tableRule),
        reader.section(
            root,
            "procedures",
            Set.of("procedure", "allow"),
            (n, id) -> reader.nameRule(n, id, "procedure")),
        reader.section(
            root,
            "session_settings",
            Set.of("setting", "allow"),
            (n, id) -> reader.nameRule(n, id, "setting")),
        fingerprint(text));
  }

  static String fingerprint(String text) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest).substring(0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  private static List<String> sorted(Set<String> names) {
    return names.stream().sorted().toList();
  }

  /** Reads one file, naming it in each failure. */
  private static final class Reader {
    private final String source;

    Reader(String source) {
      this.source = source;
    }

    AccessRulesException fail(String where, String what) {
      return new AccessRulesException(
          "Cannot use rules file " + source + ": " + where + " " + what);
    }

    void keys(JsonNode node, Set<String> allowed, String where) throws AccessRulesException {
      if (!node.isObject()) {
        throw fail(where, "must be a mapping");
      }
      for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
        String key = it.next();
        if (!allowed.contains(key)) {
          throw fail(
              where,
              "has unknown key '" + key + "' (valid: " + String.join(", ", sorted(allowed)) + ")");
        }
      }
    }

    <T> Optional<List<T>> section(JsonNode root, String name, Set<String> keys, RuleReader<T> rule)
        throws AccessRulesException {
      JsonNode section = root.get(name);
      if (section == null) {
        return Optional.empty();
      }
      if (!section.isArray()) {
        throw fail(name, "must be a list of rules");
      }
      Set<String> allowed = new LinkedHashSet<>(WHO);
      allowed.addAll(keys);
      List<T> rules = new ArrayList<>();
      Set<String> ids = new LinkedHashSet<>();
      for (int i = 0; i < section.size(); i++) {
        JsonNode node = section.get(i);
        String where = name + "[" + (i + 1) + "]";
        keys(node, allowed, where);
        String id = text(node, "id", where).orElse(where);
        if (!ids.add(id)) {
          throw fail(where, "repeats id '" + id + "'");
        }
        rules.add(rule.read(node, id));
      }
      return Optional.of(List.copyOf(rules));
    }

    Who who(JsonNode node, String id) throws AccessRulesException {
      return new Who(
          pattern(node, "user", id, false),
          pattern(node, "group", id, false),
          pattern(node, "role", id, true));
    }

    AccessRules.CatalogRule catalogRule(JsonNode node, String id) throws AccessRulesException {
      String allow = text(node, "allow", id).orElse("all");
      AccessRules.CatalogAccess access =
          switch (allow) {
            case "all" -> AccessRules.CatalogAccess.ALL;
            case "read-only" -> AccessRules.CatalogAccess.READ_ONLY;
            case "none" -> AccessRules.CatalogAccess.NONE;
            default -> throw fail(id, "allow must be all, read-only or none, not '" + allow + "'");
          };
      return new AccessRules.CatalogRule(
          id, who(node, id), pattern(node, "catalog", id, true), access);
    }

    AccessRules.NamespaceRule namespaceRule(JsonNode node, String id) throws AccessRulesException {
      return new AccessRules.NamespaceRule(
          id,
          who(node, id),
          pattern(node, "catalog", id, true),
          pattern(node, "namespace", id, true),
          bool(node, "owner", id).orElse(false));
    }

    AccessRules.TableRule tableRule(JsonNode node, String id) throws AccessRulesException {
      Set<Privilege> privileges = EnumSet.noneOf(Privilege.class);
      JsonNode given = node.get("privileges");
      if (given != null) {
        for (String label : strings(given, id + " privileges")) {
          Set<Privilege> named = Privilege.parse(label);
          if (named.isEmpty()) {
            throw fail(
                id,
                "names unknown privilege '"
                    + label
                    + "' (valid: all, "
                    + String.join(
                        ", ",
                        java.util.Arrays.stream(Privilege.values()).map(Privilege::label).toList())
                    + ")");
          }
          privileges.addAll(named);
        }
      }
      List<ColumnRule> columns = new ArrayList<>();
      JsonNode columnNodes = node.get("columns");
      if (columnNodes != null) {
        if (!columnNodes.isArray()) {
          throw fail(id, "columns must be a list");
        }
        Set<String> names = new LinkedHashSet<>();
        for (JsonNode column : columnNodes) {
          keys(column, Set.of("name", "hidden", "mask", "export"), id + " columns");
          String name =
              text(column, "name", id + " columns")
                  .orElseThrow(() -> fail(id, "has a column without a name"));
          if (!names.add(name.toLowerCase(Locale.ROOT))) {
            throw fail(id, "names column '" + name + "' twice");
          }
          boolean hidden = bool(column, "hidden", id).orElse(false);
          Optional<String> mask = text(column, "mask", id);
          String export = text(column, "export", id).orElse("allow");
          if (!export.equals("allow") && !export.equals("deny")) {
            throw fail(
                id, "column '" + name + "' export must be allow or deny, not '" + export + "'");
          }
          boolean exportDenied = export.equals("deny");
          if (hidden && mask.isPresent() || !hidden && mask.isEmpty() && !exportDenied) {
            throw fail(
                id,
                "column '"
                    + name
                    + "' must be hidden: true, have a mask, or export: deny (hidden and a mask"
                    + " together mean nothing)");
          }
          columns.add(new ColumnRule(name, hidden, mask, exportDenied));
        }
      }
      return new AccessRules.TableRule(
          id,
          who(node, id),
          pattern(node, "catalog", id, true),
          pattern(node, "namespace", id, true),
          pattern(node, "table", id, true),
          privileges,
          columns,
          text(node, "filter", id));
    }

    AccessRules.NameRule nameRule(JsonNode node, String id, String key)
        throws AccessRulesException {
      Pattern name = pattern(node, key, id, true);
      return new AccessRules.NameRule(
          id,
          who(node, id),
          name == null ? Pattern.compile(".*") : name,
          bool(node, "allow", id).orElse(true));
    }

    Optional<String> text(JsonNode node, String key, String where) throws AccessRulesException {
      JsonNode value = node.get(key);
      if (value == null || value.isNull()) {
        return Optional.empty();
      }
      if (!value.isTextual() && !value.isNumber()) {
        throw fail(where, key + " must be text");
      }
      return Optional.of(value.asText());
    }

    Optional<Boolean> bool(JsonNode node, String key, String where) throws AccessRulesException {
      JsonNode value = node.get(key);
      if (value == null || value.isNull()) {
        return Optional.empty();
      }
      if (!value.isBoolean()) {
        throw fail(where, key + " must be true or false");
      }
      return Optional.of(value.booleanValue());
    }

    List<String> strings(JsonNode node, String where) throws AccessRulesException {
      if (node.isTextual()) {
        return List.of(node.asText());
      }
      if (!node.isArray()) {
        throw fail(where, "must be a list of names");
      }
      List<String> names = new ArrayList<>();
      for (JsonNode n : node) {
        if (!n.isTextual()) {
          throw fail(where, "must be a list of names");
        }
        names.add(n.asText());
      }
      return names;
    }

    /**
     * A regular expression matching whole names; {@code caseless} for SQL names (catalogs,
     * namespaces, tables, procedures, settings, roles), not for user and group names.
     */
    Pattern pattern(JsonNode node, String key, String where, boolean caseless)
        throws AccessRulesException {
      Optional<String> text = text(node, key, where);
      if (text.isEmpty()) {
        return null;
      }
      try {
        return Pattern.compile(
            text.get(), caseless ? Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE : 0);
      } catch (PatternSyntaxException e) {
        throw fail(
            where,
            key + " '" + text.get() + "' is not a regular expression: " + e.getDescription());
      }
    }
  }

  @FunctionalInterface
  private interface RuleReader<T> {
    T read(JsonNode node, String id) throws AccessRulesException;
  }
}
