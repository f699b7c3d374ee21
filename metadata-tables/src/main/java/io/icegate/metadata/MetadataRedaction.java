package io.icegate.metadata;

import static java.util.Objects.requireNonNull;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.apache.iceberg.MetadataColumns;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.PropertyUtil;

/**
 * What of a metadata table a user who may not see some of its table's columns (hidden or masked by
 * the access rules) is shown instead: the columns' entries removed from the metric maps and from
 * {@code readable_metrics}, partition fields derived from them removed from {@code partition},
 * their values cut out of file paths, and partition summaries and snapshot summaries that spell
 * partition values left out. One description, applied here to native rows and rendered as Spark SQL
 * by the gateway, so that both paths answer alike.
 */
public final class MetadataRedaction {
  /** What becomes of one value. */
  public sealed interface Redaction
      permits Keep,
          WithoutKeys,
          WithoutKeyPrefix,
          WithoutElements,
          WithoutPathSegments,
          NullValue,
          Struct,
          Elements {}

  /** The value as it is. */
  public record Keep() implements Redaction {}

  /** A map keyed by field id, without the entries of {@code keys}. */
  public record WithoutKeys(List<Integer> keys) implements Redaction {
    public WithoutKeys {
      // Sorted: the redaction's description (and Spark's rendering of it) is the same every time.
      keys = List.copyOf(new TreeSet<>(keys));
    }
  }

  /** A list of field ids without those of {@code ids}. */
  public record WithoutElements(List<Integer> ids) implements Redaction {
    public WithoutElements {
      ids = List.copyOf(new TreeSet<>(ids));
    }
  }

  /** A map keyed by strings, without the entries whose key starts with {@code prefix}. */
  public record WithoutKeyPrefix(String prefix) implements Redaction {}

  /**
   * A file path with each partition directory of {@code names} ({@code name=value}, any case)
   * replaced by {@link #REDACTED}: the path spells the partition's value. With {@code
   * wholeDirectory}, everything up to the file name is replaced: a layout that hashes the partition
   * into directories (Iceberg's object storage layout, a custom location provider) spells the value
   * in the hash too.
   */
  public record WithoutPathSegments(List<String> names, boolean wholeDirectory)
      implements Redaction {
    public static final String REDACTED = "redacted";

    public WithoutPathSegments {
      names = List.copyOf(names);
    }

    /** {@link #regex()} compiled, once per redaction: it is applied to every row. */
    Pattern pattern() {
      if (PATTERNS.size() > MAX_PATTERNS) {
        PATTERNS.clear();
      }
      return PATTERNS.computeIfAbsent(this, without -> Pattern.compile(without.regex()));
    }

    /** The part to replace, as a Java regular expression (Spark's are Java's too). */
    public String regex() {
      if (wholeDirectory) {
        return "^.*(?=/)";
      }
      Set<String> spelled = new LinkedHashSet<>();
      for (String name : names) {
        spelled.add(Pattern.quote(name));
        spelled.add(Pattern.quote(URLEncoder.encode(name, StandardCharsets.UTF_8)));
      }
      return "(?i)(?<=/)(?:" + String.join("|", spelled) + ")=[^/]*(?=/)";
    }
  }

  /** Null in place of the value. */
  public record NullValue() implements Redaction {}

  /** A struct with only {@code fields}, each as its redaction says. */
  public record Struct(List<Field> fields) implements Redaction {
    public Struct {
      fields = List.copyOf(fields);
    }
  }

  /** A list whose every element is redacted as {@code element} says. */
  public record Elements(Redaction element) implements Redaction {}

  /**
   * A field kept: its name, its position in the struct (or row) it is read from, its type there,
   * whether it may be null, and what becomes of its value.
   */
  public record Field(String name, int position, Type type, boolean optional, Redaction redaction) {
    Field(Types.NestedField field, int position, Redaction redaction) {
      this(field.name(), position, field.type(), field.isOptional(), redaction);
    }
  }

  /** The compiled patterns of the path redactions in use; a few per table a rule hides from. */
  private static final Map<WithoutPathSegments, Pattern> PATTERNS = new ConcurrentHashMap<>();

  private static final int MAX_PATTERNS = 1_000;

  private static final Set<String> METRIC_MAPS =
      Set.of(
          "column_sizes",
          "value_counts",
          "null_value_counts",
          "nan_value_counts",
          "lower_bounds",
          "upper_bounds");

  private static final Set<String> PATHS = Set.of("file_path", "referenced_data_file");

  private final MetadataTableKind kind;
  private final Schema schema;
  private final List<Field> columns;
  private final boolean redacts;
  private final Optional<String> refusal;

  private MetadataRedaction(
      MetadataTableKind kind,
      Schema schema,
      List<Field> columns,
      boolean redacts,
      Optional<String> refusal) {
    this.kind = kind;
    this.schema = schema;
    this.columns = List.copyOf(columns);
    this.redacts = redacts;
    this.refusal = refusal;
  }

  /** Metadata table {@code kind} of {@code table} as it is. */
  public static MetadataRedaction none(Table table, MetadataTableKind kind) {
    return of(table, kind, Set.of());
  }

  /**
   * Metadata table {@code kind} of {@code table} for a user who may not see the columns of {@code
   * hiddenColumns} (field ids of the table's columns, in any of its schemas; a struct's fields are
   * hidden with it).
   */
  public static MetadataRedaction of(
      Table table, MetadataTableKind kind, Set<Integer> hiddenColumns) {
    requireNonNull(table, "table is null");
    requireNonNull(kind, "kind is null");
    Schema source = MetadataTables.schema(table, kind);
    Set<Integer> hidden = withNestedFields(table, hiddenColumns);
    if (hidden.isEmpty()) {
      return new MetadataRedaction(kind, source, keepAll(source), false, Optional.empty());
    }
    if (showsRows(kind)) {
      return refused(table, kind, source, "its rows carry the table's rows");
    }
    HiddenPartitions hiddenPartitions = HiddenPartitions.of(table, hidden);
    if (kind == MetadataTableKind.PARTITIONS && !hiddenPartitions.isEmpty()) {
      return refused(
          table,
          kind,
          source,
          "its rows are the values of partition fields derived from columns the user may not see");
    }
    Set<Integer> keys = new HashSet<>(hidden);
    if (!hiddenPartitions.isEmpty()) {
      // A position delete file's bounds on the file_path column are data file paths.
      keys.add(MetadataColumns.DELETE_FILE_PATH.fieldId());
    }
    Rules rules = new Rules(table.schema(), kind, hidden, keys, hiddenPartitions);
    List<Field> kept = rules.fields(source.asStruct());
    boolean redacts =
        kept.size() != source.columns().size()
            || kept.stream().anyMatch(field -> !(field.redaction() instanceof Keep));
    List<Types.NestedField> columns = new ArrayList<>();
    for (Field field : kept) {
      Types.NestedField original = source.columns().get(field.position());
      columns.add(
          Types.NestedField.of(
              original.fieldId(),
              original.isOptional(),
              original.name(),
              redactedType(original.type(), field.redaction()),
              original.doc()));
    }
    return new MetadataRedaction(kind, new Schema(columns), kept, redacts, Optional.empty());
  }

  /**
   * Whether the metadata table's rows are the table's rows (its changes, its deleted rows): nothing
   * is left of them to show a user who may not see some of its columns.
   */
  public static boolean showsRows(MetadataTableKind kind) {
    return kind == MetadataTableKind.CHANGES || kind == MetadataTableKind.POSITION_DELETES;
  }

  /** The metadata table this redacts. */
  public MetadataTableKind kind() {
    return kind;
  }

  /** Whether anything is removed or changed. */
  public boolean redacts() {
    return redacts;
  }

  /**
   * Why the metadata table cannot be shown to the user at all (its rows are made of what they may
   * not see); empty when it can.
   */
  public Optional<String> refusal() {
    return refusal;
  }

  /** The columns the user is shown: the metadata table's, less what is removed. */
  public Schema schema() {
    return schema;
  }

  /** Each column shown, with its position among the metadata table's own and its redaction. */
  public List<Field> columns() {
    return columns;
  }

  /**
   * The metadata table's own columns to read for {@code shown} (numbers into {@link #schema()}'s
   * columns).
   */
  public int[] sourceColumns(int[] shown) {
    return Arrays.stream(shown).map(column -> columns.get(column).position()).toArray();
  }

  /**
   * Redacts a row read in {@link #sourceColumns} of {@code shown}, whose values are as {@link
   * io.icegate.metadata.value.ValueConverter} gives them (structs as lists, maps as maps).
   */
  public List<Object> apply(int[] shown, List<Object> row) {
    Object[] values = new Object[shown.length];
    for (int i = 0; i < shown.length; i++) {
      values[i] = apply(columns.get(shown[i]).redaction(), row.get(i));
    }
    return Arrays.asList(values);
  }

  /** What {@code redaction} makes of a value as {@code ValueConverter} gives it. */
  @SuppressWarnings("unchecked")
  public static Object apply(Redaction redaction, Object value) {
    if (value == null || redaction instanceof Keep) {
      return value;
    }
    if (redaction instanceof NullValue) {
      return null;
    }
    if (redaction instanceof WithoutKeys without) {
      return withoutKeys((Map<Object, Object>) value, key -> without.keys().contains(key));
    }
    if (redaction instanceof WithoutKeyPrefix without) {
      return withoutKeys(
          (Map<Object, Object>) value, key -> key.toString().startsWith(without.prefix()));
    }
    if (redaction instanceof WithoutElements without) {
      List<Object> kept = new ArrayList<>();
      for (Object element : (List<Object>) value) {
        if (!without.ids().contains(element)) {
          kept.add(element);
        }
      }
      return kept;
    }
    if (redaction instanceof WithoutPathSegments without) {
      return without.pattern().matcher(value.toString()).replaceAll(WithoutPathSegments.REDACTED);
    }
    if (redaction instanceof Struct struct) {
      List<Object> fields = (List<Object>) value;
      Object[] kept = new Object[struct.fields().size()];
      for (int i = 0; i < kept.length; i++) {
        Field field = struct.fields().get(i);
        kept[i] = apply(field.redaction(), fields.get(field.position()));
      }
      return Arrays.asList(kept);
    }
    Elements elements = (Elements) redaction;
    List<Object> redacted = new ArrayList<>();
    for (Object element : (List<Object>) value) {
      redacted.add(apply(elements.element(), element));
    }
    return redacted;
  }

  private static Map<Object, Object> withoutKeys(
      Map<Object, Object> map, Predicate<Object> removed) {
    Map<Object, Object> kept = new LinkedHashMap<>();
    map.forEach(
        (key, entry) -> {
          if (!removed.test(key)) {
            kept.put(key, entry);
          }
        });
    return kept;
  }

  private static MetadataRedaction refused(
      Table table, MetadataTableKind kind, Schema source, String reason) {
    return new MetadataRedaction(kind, source, keepAll(source), true, Optional.of(reason));
  }

  private static List<Field> keepAll(Schema schema) {
    List<Field> fields = new ArrayList<>();
    for (int i = 0; i < schema.columns().size(); i++) {
      Types.NestedField column = schema.columns().get(i);
      fields.add(new Field(column, i, new Keep()));
    }
    return fields;
  }

  /** The hidden columns with every field nested in them, in any schema the table has had. */
  private static Set<Integer> withNestedFields(Table table, Set<Integer> columns) {
    Set<Integer> ids = new HashSet<>(columns);
    for (Schema schema : table.schemas().values()) {
      for (Integer id : columns) {
        Types.NestedField field = schema.findField(id);
        if (field != null) {
          // Every field, element, key and value under it: their metrics are written too.
          ids.addAll(TypeUtil.indexById(Types.StructType.of(field)).keySet());
        }
      }
    }
    return ids;
  }

  /**
   * The partition fields of any spec that derive from a hidden column: their ids, every name they
   * have had (a renamed partition field keeps its id, and old files sit under its old name), and
   * whether the table's layout may hash partition values into its paths.
   */
  private record HiddenPartitions(Set<Integer> ids, Set<String> names, boolean hashedPaths) {
    static HiddenPartitions of(Table table, Set<Integer> hidden) {
      Set<Integer> ids = new HashSet<>();
      Set<String> names = new LinkedHashSet<>();
      for (PartitionSpec spec : table.specs().values()) {
        for (PartitionField field : spec.fields()) {
          if (hidden.contains(field.sourceId())) {
            ids.add(field.fieldId());
            names.add(field.name());
          }
        }
      }
      Map<String, String> properties = table.properties();
      boolean hashed =
          PropertyUtil.propertyAsBoolean(
                  properties,
                  TableProperties.OBJECT_STORE_ENABLED,
                  TableProperties.OBJECT_STORE_ENABLED_DEFAULT)
              || properties.containsKey(TableProperties.WRITE_LOCATION_PROVIDER_IMPL);
      return new HiddenPartitions(ids, names, hashed);
    }

    boolean isEmpty() {
      return ids.isEmpty();
    }
  }

  private static Type redactedType(Type type, Redaction redaction) {
    if (redaction instanceof Struct struct) {
      Types.StructType source = type.asStructType();
      List<Types.NestedField> fields = new ArrayList<>();
      for (Field field : struct.fields()) {
        Types.NestedField original = source.fields().get(field.position());
        fields.add(
            Types.NestedField.of(
                original.fieldId(),
                original.isOptional(),
                original.name(),
                redactedType(original.type(), field.redaction()),
                original.doc()));
      }
      return Types.StructType.of(fields);
    }
    if (redaction instanceof Elements elements) {
      Types.ListType list = type.asListType();
      Type element = redactedType(list.elementType(), elements.element());
      return list.isElementOptional()
          ? Types.ListType.ofOptional(list.elementId(), element)
          : Types.ListType.ofRequired(list.elementId(), element);
    }
    return type;
  }

  /** Which redaction each field of a metadata table gets. */
  private record Rules(
      Schema dataSchema,
      MetadataTableKind kind,
      Set<Integer> hiddenColumns,
      Set<Integer> hiddenKeys,
      HiddenPartitions hiddenPartitions) {

    /** The fields of {@code struct} that are kept, each with its redaction. */
    List<Field> fields(Types.StructType struct) {
      List<Field> kept = new ArrayList<>();
      List<Types.NestedField> fields = struct.fields();
      for (int i = 0; i < fields.size(); i++) {
        Types.NestedField field = fields.get(i);
        Optional<Redaction> redaction = redaction(field);
        if (redaction.isPresent()) {
          kept.add(new Field(field, i, redaction.get()));
        }
      }
      return kept;
    }

    /** What becomes of {@code field}; empty when it is removed. */
    private Optional<Redaction> redaction(Types.NestedField field) {
      String name = field.name();
      Type type = field.type();
      if (METRIC_MAPS.contains(name) && type.isMapType()) {
        return Optional.of(new WithoutKeys(List.copyOf(hiddenKeys)));
      }
      if (name.equals("equality_ids") && type.isListType()) {
        return Optional.of(new WithoutElements(List.copyOf(hiddenColumns)));
      }
      if (PATHS.contains(name) && type.typeId() == Type.TypeID.STRING) {
        return Optional.of(
            hiddenPartitions.isEmpty()
                ? new Keep()
                : new WithoutPathSegments(
                    List.copyOf(hiddenPartitions.names()), hiddenPartitions.hashedPaths()));
      }
      if (name.equals("summary") && kind == MetadataTableKind.SNAPSHOTS && type.isMapType()) {
        // Iceberg's write.summary.partition-limit writes one summary entry per changed partition.
        return Optional.of(
            hiddenPartitions.isEmpty() ? new Keep() : new WithoutKeyPrefix("partitions."));
      }
      if (name.equals("partition_summaries") && type.isListType()) {
        // One summary per field of the manifest's spec, in order: every field's is nulled.
        return Optional.of(hiddenPartitions.isEmpty() ? new Keep() : partitionSummaries(type));
      }
      if (name.equals("readable_metrics") && type.isStructType()) {
        return struct(readableMetrics(type.asStructType()), type.asStructType().fields().size());
      }
      if (name.equals("partition") && type.isStructType()) {
        List<Field> kept = new ArrayList<>();
        List<Types.NestedField> fields = type.asStructType().fields();
        for (int i = 0; i < fields.size(); i++) {
          Types.NestedField partitionField = fields.get(i);
          if (!hiddenPartitions.ids().contains(partitionField.fieldId())) {
            kept.add(new Field(partitionField, i, new Keep()));
          }
        }
        return struct(kept, fields.size());
      }
      if (type.isStructType()) {
        return struct(fields(type.asStructType()), type.asStructType().fields().size());
      }
      return Optional.of(new Keep());
    }

    /** The metrics of the columns the user sees; a column not found in the schema is left out. */
    private List<Field> readableMetrics(Types.StructType metrics) {
      List<Field> kept = new ArrayList<>();
      List<Types.NestedField> fields = metrics.fields();
      for (int i = 0; i < fields.size(); i++) {
        Types.NestedField column = fields.get(i);
        Types.NestedField source = dataSchema.findField(column.name());
        if (source != null && !hiddenKeys.contains(source.fieldId())) {
          kept.add(new Field(column, i, new Keep()));
        }
      }
      return kept;
    }

    private static Redaction partitionSummaries(Type type) {
      List<Field> fields = new ArrayList<>();
      List<Types.NestedField> summary = type.asListType().elementType().asStructType().fields();
      for (int i = 0; i < summary.size(); i++) {
        Types.NestedField field = summary.get(i);
        // Which of them derive from hidden columns depends on each manifest's spec: none is kept.
        fields.add(new Field(field, i, new NullValue()));
      }
      return new Elements(new Struct(fields));
    }

    /**
     * A struct of {@code kept} (of {@code size} fields): kept as it is when nothing in it changes,
     * removed when nothing is left.
     */
    private static Optional<Redaction> struct(List<Field> kept, int size) {
      if (kept.isEmpty()) {
        return Optional.empty();
      }
      if (kept.size() == size
          && kept.stream().allMatch(field -> field.redaction() instanceof Keep)) {
        return Optional.of(new Keep());
      }
      return Optional.of(new Struct(kept));
    }
  }
}
