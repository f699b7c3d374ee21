package io.icegate.gateway.jdbc;

import static io.icegate.gateway.jdbc.ResultColumn.bool;
import static io.icegate.gateway.jdbc.ResultColumn.integer;
import static io.icegate.gateway.jdbc.ResultColumn.smallint;
import static io.icegate.gateway.jdbc.ResultColumn.string;

import io.icegate.protocol.StatementProgress;
import java.util.List;
import java.util.stream.Stream;

/**
 * The columns of every DatabaseMetaData result the gateway sends, in the order and with the types
 * JDBC's javadoc of each call gives (the last, statement progress, is Icegate's own call).
 */
final class MetadataColumns {
  static final List<ResultColumn> CATALOGS = List.of(string("TABLE_CAT"));
  static final List<ResultColumn> SCHEMAS = List.of(string("TABLE_SCHEM"), string("TABLE_CATALOG"));
  static final List<ResultColumn> TABLE_TYPES = List.of(string("TABLE_TYPE"));
  static final List<ResultColumn> TABLES =
      List.of(
          string("TABLE_CAT"),
          string("TABLE_SCHEM"),
          string("TABLE_NAME"),
          string("TABLE_TYPE"),
          string("REMARKS"),
          string("TYPE_CAT"),
          string("TYPE_SCHEM"),
          string("TYPE_NAME"),
          string("SELF_REFERENCING_COL_NAME"),
          string("REF_GENERATION"));
  static final List<ResultColumn> COLUMNS =
      List.of(
          string("TABLE_CAT"),
          string("TABLE_SCHEM"),
          string("TABLE_NAME"),
          string("COLUMN_NAME"),
          integer("DATA_TYPE"),
          string("TYPE_NAME"),
          integer("COLUMN_SIZE"),
          integer("BUFFER_LENGTH"),
          integer("DECIMAL_DIGITS"),
          integer("NUM_PREC_RADIX"),
          integer("NULLABLE"),
          string("REMARKS"),
          string("COLUMN_DEF"),
          integer("SQL_DATA_TYPE"),
          integer("SQL_DATETIME_SUB"),
          integer("CHAR_OCTET_LENGTH"),
          integer("ORDINAL_POSITION"),
          string("IS_NULLABLE"),
          string("SCOPE_CATALOG"),
          string("SCOPE_SCHEMA"),
          string("SCOPE_TABLE"),
          smallint("SOURCE_DATA_TYPE"),
          string("IS_AUTOINCREMENT"),
          string("IS_GENERATEDCOLUMN"));
  static final List<ResultColumn> PRIMARY_KEYS =
      List.of(
          string("TABLE_CAT"),
          string("TABLE_SCHEM"),
          string("TABLE_NAME"),
          string("COLUMN_NAME"),
          smallint("KEY_SEQ"),
          string("PK_NAME"));
  static final List<ResultColumn> FOREIGN_KEYS =
      List.of(
          string("PKTABLE_CAT"),
          string("PKTABLE_SCHEM"),
          string("PKTABLE_NAME"),
          string("PKCOLUMN_NAME"),
          string("FKTABLE_CAT"),
          string("FKTABLE_SCHEM"),
          string("FKTABLE_NAME"),
          string("FKCOLUMN_NAME"),
          smallint("KEY_SEQ"),
          smallint("UPDATE_RULE"),
          smallint("DELETE_RULE"),
          string("FK_NAME"),
          string("PK_NAME"),
          smallint("DEFERRABILITY"));
  static final List<ResultColumn> PROCEDURES =
      List.of(
          string("PROCEDURE_CAT"),
          string("PROCEDURE_SCHEM"),
          string("PROCEDURE_NAME"),
          string("RESERVED1"),
          string("RESERVED2"),
          string("RESERVED3"),
          string("REMARKS"),
          smallint("PROCEDURE_TYPE"),
          string("SPECIFIC_NAME"));
  static final List<ResultColumn> PROCEDURE_COLUMNS =
      List.of(
          string("PROCEDURE_CAT"),
          string("PROCEDURE_SCHEM"),
          string("PROCEDURE_NAME"),
          string("COLUMN_NAME"),
          smallint("COLUMN_TYPE"),
          integer("DATA_TYPE"),
          string("TYPE_NAME"),
          integer("PRECISION"),
          integer("LENGTH"),
          smallint("SCALE"),
          smallint("RADIX"),
          smallint("NULLABLE"),
          string("REMARKS"),
          string("COLUMN_DEF"),
          integer("SQL_DATA_TYPE"),
          integer("SQL_DATETIME_SUB"),
          integer("CHAR_OCTET_LENGTH"),
          integer("ORDINAL_POSITION"),
          string("IS_NULLABLE"),
          string("SPECIFIC_NAME"));
  static final List<ResultColumn> FUNCTIONS =
      List.of(
          string("FUNCTION_CAT"),
          string("FUNCTION_SCHEM"),
          string("FUNCTION_NAME"),
          string("REMARKS"),
          smallint("FUNCTION_TYPE"),
          string("SPECIFIC_NAME"));
  static final List<ResultColumn> FUNCTION_COLUMNS =
      List.of(
          string("FUNCTION_CAT"),
          string("FUNCTION_SCHEM"),
          string("FUNCTION_NAME"),
          string("COLUMN_NAME"),
          smallint("COLUMN_TYPE"),
          integer("DATA_TYPE"),
          string("TYPE_NAME"),
          integer("PRECISION"),
          integer("LENGTH"),
          smallint("SCALE"),
          smallint("RADIX"),
          smallint("NULLABLE"),
          string("REMARKS"),
          integer("CHAR_OCTET_LENGTH"),
          integer("ORDINAL_POSITION"),
          string("IS_NULLABLE"),
          string("SPECIFIC_NAME"));
  static final List<ResultColumn> TYPE_INFO =
      List.of(
          string("TYPE_NAME"),
          integer("DATA_TYPE"),
          integer("PRECISION"),
          string("LITERAL_PREFIX"),
          string("LITERAL_SUFFIX"),
          string("CREATE_PARAMS"),
          smallint("NULLABLE"),
          bool("CASE_SENSITIVE"),
          smallint("SEARCHABLE"),
          bool("UNSIGNED_ATTRIBUTE"),
          bool("FIXED_PREC_SCALE"),
          bool("AUTO_INCREMENT"),
          string("LOCAL_TYPE_NAME"),
          smallint("MINIMUM_SCALE"),
          smallint("MAXIMUM_SCALE"),
          integer("SQL_DATA_TYPE"),
          integer("SQL_DATETIME_SUB"),
          integer("NUM_PREC_RADIX"));
  static final List<ResultColumn> COLUMN_PRIVILEGES =
      List.of(
          string("TABLE_CAT"),
          string("TABLE_SCHEM"),
          string("TABLE_NAME"),
          string("COLUMN_NAME"),
          string("GRANTOR"),
          string("GRANTEE"),
          string("PRIVILEGE"),
          string("IS_GRANTABLE"));
  static final List<ResultColumn> TABLE_PRIVILEGES =
      List.of(
          string("TABLE_CAT"),
          string("TABLE_SCHEM"),
          string("TABLE_NAME"),
          string("GRANTOR"),
          string("GRANTEE"),
          string("PRIVILEGE"),
          string("IS_GRANTABLE"));
  static final List<ResultColumn> BEST_ROW_IDENTIFIER =
      List.of(
          smallint("SCOPE"),
          string("COLUMN_NAME"),
          integer("DATA_TYPE"),
          string("TYPE_NAME"),
          integer("COLUMN_SIZE"),
          integer("BUFFER_LENGTH"),
          smallint("DECIMAL_DIGITS"),
          smallint("PSEUDO_COLUMN"));
  static final List<ResultColumn> VERSION_COLUMNS =
      List.of(
          smallint("SCOPE"),
          string("COLUMN_NAME"),
          integer("DATA_TYPE"),
          string("TYPE_NAME"),
          integer("COLUMN_SIZE"),
          integer("BUFFER_LENGTH"),
          smallint("DECIMAL_DIGITS"),
          smallint("PSEUDO_COLUMN"));
  static final List<ResultColumn> INDEX_INFO =
      List.of(
          string("TABLE_CAT"),
          string("TABLE_SCHEM"),
          string("TABLE_NAME"),
          bool("NON_UNIQUE"),
          string("INDEX_QUALIFIER"),
          string("INDEX_NAME"),
          smallint("TYPE"),
          smallint("ORDINAL_POSITION"),
          string("COLUMN_NAME"),
          string("ASC_OR_DESC"),
          integer("CARDINALITY"),
          integer("PAGES"),
          string("FILTER_CONDITION"));
  static final List<ResultColumn> UDTS =
      List.of(
          string("TYPE_CAT"),
          string("TYPE_SCHEM"),
          string("TYPE_NAME"),
          string("CLASS_NAME"),
          integer("DATA_TYPE"),
          string("REMARKS"),
          smallint("BASE_TYPE"));
  static final List<ResultColumn> SUPER_TYPES =
      List.of(
          string("TYPE_CAT"),
          string("TYPE_SCHEM"),
          string("TYPE_NAME"),
          string("SUPERTYPE_CAT"),
          string("SUPERTYPE_SCHEM"),
          string("SUPERTYPE_NAME"));
  static final List<ResultColumn> SUPER_TABLES =
      List.of(
          string("TABLE_CAT"),
          string("TABLE_SCHEM"),
          string("TABLE_NAME"),
          string("SUPERTABLE_NAME"));
  static final List<ResultColumn> ATTRIBUTES =
      List.of(
          string("TYPE_CAT"),
          string("TYPE_SCHEM"),
          string("TYPE_NAME"),
          string("ATTR_NAME"),
          integer("DATA_TYPE"),
          string("ATTR_TYPE_NAME"),
          integer("ATTR_SIZE"),
          integer("DECIMAL_DIGITS"),
          integer("NUM_PREC_RADIX"),
          integer("NULLABLE"),
          string("REMARKS"),
          string("ATTR_DEF"),
          integer("SQL_DATA_TYPE"),
          integer("SQL_DATETIME_SUB"),
          integer("CHAR_OCTET_LENGTH"),
          integer("ORDINAL_POSITION"),
          string("IS_NULLABLE"),
          string("SCOPE_CATALOG"),
          string("SCOPE_SCHEMA"),
          string("SCOPE_TABLE"),
          smallint("SOURCE_DATA_TYPE"));
  static final List<ResultColumn> CLIENT_INFO_PROPERTIES =
      List.of(string("NAME"), integer("MAX_LEN"), string("DEFAULT_VALUE"), string("DESCRIPTION"));
  static final List<ResultColumn> PSEUDO_COLUMNS =
      List.of(
          string("TABLE_CAT"),
          string("TABLE_SCHEM"),
          string("TABLE_NAME"),
          string("COLUMN_NAME"),
          integer("DATA_TYPE"),
          integer("COLUMN_SIZE"),
          integer("DECIMAL_DIGITS"),
          integer("NUM_PREC_RADIX"),
          string("COLUMN_USAGE"),
          string("REMARKS"),
          integer("CHAR_OCTET_LENGTH"),
          string("IS_NULLABLE"));
  static final List<ResultColumn> STATEMENT_PROGRESS =
      Stream.of(StatementProgress.Column.values())
          .map(column -> column.isInteger() ? integer(column.name()) : string(column.name()))
          .toList();

  private MetadataColumns() {}
}
