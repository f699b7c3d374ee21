package io.icegate.gateway.jdbc;

import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;

/** Result sets for DatabaseMetaData calls: the standard JDBC columns, with the rows the gateway can answer. */
final class MetadataResults {
  static final List<String> TABLES = List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "TABLE_TYPE", "REMARKS",
      "TYPE_CAT", "TYPE_SCHEM", "TYPE_NAME", "SELF_REFERENCING_COL_NAME", "REF_GENERATION");
  static final List<String> SCHEMAS = List.of("TABLE_SCHEM", "TABLE_CATALOG");
  static final List<String> CATALOGS = List.of("TABLE_CAT");
  static final List<String> TABLE_TYPES = List.of("TABLE_TYPE");
  static final List<String> COLUMNS = List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME",
      "DATA_TYPE:int", "TYPE_NAME", "COLUMN_SIZE:int", "BUFFER_LENGTH:int", "DECIMAL_DIGITS:int",
      "NUM_PREC_RADIX:int", "NULLABLE:int", "REMARKS", "COLUMN_DEF", "SQL_DATA_TYPE:int", "SQL_DATETIME_SUB:int",
      "CHAR_OCTET_LENGTH:int", "ORDINAL_POSITION:int", "IS_NULLABLE", "SCOPE_CATALOG", "SCOPE_SCHEMA",
      "SCOPE_TABLE", "SOURCE_DATA_TYPE:short", "IS_AUTOINCREMENT", "IS_GENERATEDCOLUMN");
  static final List<String> PRIMARY_KEYS = List.of("TABLE_CAT", "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME",
      "KEY_SEQ:short", "PK_NAME");

  static final List<String> FOREIGN_KEYS = List.of("PKTABLE_CAT", "PKTABLE_SCHEM", "PKTABLE_NAME",
      "PKCOLUMN_NAME", "FKTABLE_CAT", "FKTABLE_SCHEM", "FKTABLE_NAME", "FKCOLUMN_NAME", "KEY_SEQ:short",
      "UPDATE_RULE:short", "DELETE_RULE:short", "FK_NAME", "PK_NAME", "DEFERRABILITY:short");

  static final List<String> PROCEDURES = List.of("PROCEDURE_CAT", "PROCEDURE_SCHEM", "PROCEDURE_NAME", "RESERVED1",
      "RESERVED2", "RESERVED3", "REMARKS", "PROCEDURE_TYPE:short", "SPECIFIC_NAME");
  static final List<String> PROCEDURE_COLUMNS = List.of("PROCEDURE_CAT", "PROCEDURE_SCHEM", "PROCEDURE_NAME",
      "COLUMN_NAME", "COLUMN_TYPE:short", "DATA_TYPE:int", "TYPE_NAME", "PRECISION:int", "LENGTH:int", "SCALE:short",
      "RADIX:short", "NULLABLE:short", "REMARKS", "COLUMN_DEF", "SQL_DATA_TYPE:int", "SQL_DATETIME_SUB:int",
      "CHAR_OCTET_LENGTH:int", "ORDINAL_POSITION:int", "IS_NULLABLE", "SPECIFIC_NAME");
  static final List<String> FUNCTIONS = List.of("FUNCTION_CAT", "FUNCTION_SCHEM", "FUNCTION_NAME", "REMARKS",
      "FUNCTION_TYPE:short", "SPECIFIC_NAME");
  static final List<String> TYPE_INFO = List.of("TYPE_NAME", "DATA_TYPE:int", "PRECISION:int", "LITERAL_PREFIX",
      "LITERAL_SUFFIX", "CREATE_PARAMS", "NULLABLE:short", "CASE_SENSITIVE:boolean", "SEARCHABLE:short",
      "UNSIGNED_ATTRIBUTE:boolean", "FIXED_PREC_SCALE:boolean", "AUTO_INCREMENT:boolean", "LOCAL_TYPE_NAME",
      "MINIMUM_SCALE:short", "MAXIMUM_SCALE:short", "SQL_DATA_TYPE:int", "SQL_DATETIME_SUB:int",
      "NUM_PREC_RADIX:int");

  private MetadataResults() {}

  /** A finished result with the given columns ({@code NAME} or {@code NAME:int|short|boolean}) and rows. */
  static Meta.MetaResultSet of(String connectionId, int statementId, List<String> columns, List<List<Object>> rows) {
    List<ColumnMetaData> metadata = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      String[] spec = columns.get(i).split(":");
      ColumnMetaData.AvaticaType type = switch (spec.length > 1 ? spec[1] : "string") {
        case "int" -> ColumnMetaData.scalar(Types.INTEGER, "int", ColumnMetaData.Rep.INTEGER);
        case "short" -> ColumnMetaData.scalar(Types.SMALLINT, "smallint", ColumnMetaData.Rep.SHORT);
        case "boolean" -> ColumnMetaData.scalar(Types.BOOLEAN, "boolean", ColumnMetaData.Rep.BOOLEAN);
        default -> ColumnMetaData.scalar(Types.VARCHAR, "string", ColumnMetaData.Rep.STRING);
      };
      metadata.add(new ColumnMetaData(i, false, true, false, false, DatabaseMetaData.columnNullable, false, 128,
          spec[0], spec[0], null, 0, 0, null, null, type, true, false, false, null));
    }
    Meta.Signature signature = new Meta.Signature(metadata, null, List.of(), null, Meta.CursorFactory.LIST,
        Meta.StatementType.SELECT);
    return Meta.MetaResultSet.create(connectionId, statementId, true, signature,
        new Meta.Frame(0, true, new ArrayList<>(rows)));
  }
}
