package io.icegate.gateway.access;

import static io.icegate.gateway.activity.SystemCatalog.field;
import static io.icegate.gateway.activity.SystemCatalog.micros;
import static io.icegate.gateway.activity.SystemCatalog.schema;
import static io.icegate.gateway.activity.SystemCatalog.utf8;

import io.icegate.access.AccessControl;
import io.icegate.access.AccessRulesFile;
import io.icegate.access.ColumnRule;
import io.icegate.access.Privilege;
import io.icegate.access.Role;
import io.icegate.access.TableGrant;
import io.icegate.access.TableRef;
import io.icegate.gateway.activity.SystemCatalog;
import io.icegate.gateway.metadata.SparkIcebergCatalogs;
import io.icegate.gateway.security.Identity;
import io.icegate.gateway.security.RequestContext;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The access rules as relations of the gateway's system catalog: {@code access_privileges}, what
 * the asking user may do with each table they see, and {@code access_rules}, for admins, which
 * version of the rules file is in effect and how its reloads went.
 */
public final class AccessRelations {
  public static final String PRIVILEGES = "access_privileges";
  public static final String RULES = "access_rules";

  public static final StructType PRIVILEGES_SCHEMA =
      schema(
          field("catalog", DataTypes.StringType, false),
          field("namespace", DataTypes.StringType, false),
          field("table_name", DataTypes.StringType, false),
          field("privileges", DataTypes.StringType, false),
          field("hidden_columns", DataTypes.IntegerType, false),
          field("masked_columns", DataTypes.StringType, true),
          field("rows_filtered", DataTypes.BooleanType, false),
          field("rule", DataTypes.StringType, false));

  public static final StructType RULES_SCHEMA =
      schema(
          field("file", DataTypes.StringType, false),
          field("version", DataTypes.StringType, false),
          field("loaded_at", DataTypes.TimestampType, false),
          field("reloads", DataTypes.LongType, false),
          field("failed_reloads", DataTypes.LongType, false),
          field("last_failure", DataTypes.StringType, true),
          field("last_failure_at", DataTypes.TimestampType, true));

  private AccessRelations() {}

  /** The asking user's privileges on every Iceberg table they see; none without rules. */
  public static InternalRow[] privileges(SparkSession session) {
    java.util.Optional<TableAccess> access = SessionAccess.forSession(session);
    if (access.isEmpty()) {
      return new InternalRow[0];
    }
    SparkIcebergCatalogs catalogs = new SparkIcebergCatalogs(session);
    List<InternalRow> rows = new ArrayList<>();
    for (String catalog : catalogs.catalogNames()) {
      if (!access.get().catalogVisible(catalog)) {
        continue;
      }
      List<List<String>> todo = new ArrayList<>(catalogs.namespaces(catalog, List.of()));
      for (int i = 0; i < todo.size(); i++) {
        List<String> namespace = todo.get(i);
        todo.addAll(catalogs.namespaces(catalog, namespace));
        if (!access.get().namespaceVisible(catalog, namespace)) {
          continue;
        }
        for (String name : catalogs.tables(catalog, namespace)) {
          TableGrant grant = access.get().grant(new TableRef(catalog, namespace, name));
          if (grant.visible()) {
            rows.add(row(catalog, namespace, name, grant));
          }
        }
      }
    }
    return rows.toArray(InternalRow[]::new);
  }

  /** The rules file's status, to admins only; no row without a rules file. */
  public static InternalRow[] rules(SparkSession session) {
    boolean admin =
        RequestContext.current().map(Identity::role).map(r -> r == Role.ADMIN).orElse(true);
    java.util.Optional<AccessRulesFile.Status> status =
        SessionAccess.control(session).flatMap(AccessControl::status);
    if (!admin || status.isEmpty()) {
      return new InternalRow[0];
    }
    AccessRulesFile.Status s = status.get();
    return new InternalRow[] {
      new GenericInternalRow(
          new Object[] {
            utf8(s.path().toString()),
            utf8(s.fingerprint()),
            micros(s.loadedAt()),
            s.reloads(),
            s.failures(),
            s.lastFailure().map(SystemCatalog::utf8).orElse(null),
            s.lastFailureAt().map(SystemCatalog::micros).orElse(null)
          })
    };
  }

  private static InternalRow row(
      String catalog, List<String> namespace, String name, TableGrant grant) {
    long hidden = grant.columns().stream().filter(ColumnRule::hidden).count();
    String masked =
        grant.columns().stream()
            .filter(c -> !c.hidden())
            .map(ColumnRule::name)
            .collect(Collectors.joining(", "));
    return new GenericInternalRow(
        new Object[] {
          utf8(catalog),
          utf8(String.join(".", namespace)),
          utf8(name),
          utf8(grant.privileges().stream().map(Privilege::label).collect(Collectors.joining(", "))),
          (int) hidden,
          masked.isEmpty() ? null : utf8(masked),
          grant.filter().isPresent(),
          utf8(grant.rule())
        });
  }
}
