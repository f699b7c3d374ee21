package io.icegate.metadata;

import static io.icegate.metadata.TimeTravelSupport.HONOURED;
import static io.icegate.metadata.TimeTravelSupport.IGNORED;
import static io.icegate.metadata.TimeTravelSupport.REFUSED;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.iceberg.MetadataTableType;
import org.junit.jupiter.api.Test;

class MetadataTableKindTest {
  @Test
  void namesAreTheSpecificationsSeventeenInItsOrder() {
    assertThat(MetadataTableKind.names())
        .containsExactly(
            "history",
            "metadata_log_entries",
            "snapshots",
            "entries",
            "files",
            "data_files",
            "delete_files",
            "manifests",
            "partitions",
            "position_deletes",
            "all_data_files",
            "all_delete_files",
            "all_entries",
            "all_manifests",
            "all_files",
            "refs",
            "changes");
  }

  @Test
  void fifteenAreNativeAndTheOtherTwoSayWhySparkComputesThem() {
    assertThat(Arrays.stream(MetadataTableKind.values()).filter(MetadataTableKind::isNative))
        .hasSize(15);
    assertThat(MetadataTableKind.POSITION_DELETES.isNative()).isFalse();
    assertThat(MetadataTableKind.POSITION_DELETES.computedBySparkReason())
        .hasValue(
            "its rows are the contents of position delete files, which only a Parquet/ORC/Avro"
                + " reader can read");
    assertThat(MetadataTableKind.CHANGES.isNative()).isFalse();
    assertThat(MetadataTableKind.CHANGES.computedBySparkReason())
        .get()
        .asString()
        .contains("changelog scan");
    assertThat(MetadataTableKind.FILES.computedBySparkReason()).isEmpty();
  }

  @Test
  void everyIcebergMetadataTableTypeHasAKindOfTheSameName() {
    for (MetadataTableType type : MetadataTableType.values()) {
      assertThat(MetadataTableKind.fromName(type.name()).flatMap(MetadataTableKind::icebergType))
          .hasValue(type);
    }
    assertThat(MetadataTableKind.CHANGES.icebergType()).isEmpty();
  }

  @Test
  void timeTravelIsTreatedAsSparkTreatsIt() {
    Map<TimeTravelSupport, String> byTreatment =
        Arrays.stream(MetadataTableKind.values())
            .collect(
                Collectors.groupingBy(
                    MetadataTableKind::timeTravel,
                    Collectors.mapping(MetadataTableKind::tableName, Collectors.joining(","))));
    assertThat(byTreatment)
        .containsEntry(
            HONOURED, "entries,files,data_files,delete_files,manifests,partitions,position_deletes")
        .containsEntry(IGNORED, "history,metadata_log_entries,snapshots,refs")
        .containsEntry(
            REFUSED, "all_data_files,all_delete_files,all_entries,all_manifests,all_files,changes");
    assertThat(MetadataTableKind.ALL_FILES.timeTravelNote())
        .hasValue("it lists every snapshot already");
    assertThat(MetadataTableKind.FILES.timeTravelNote()).isEmpty();
  }

  @Test
  void namesAreLookedUpIgnoringCase() {
    assertThat(MetadataTableKind.fromName("Snapshots")).hasValue(MetadataTableKind.SNAPSHOTS);
    assertThat(MetadataTableKind.fromName("ALL_FILES")).hasValue(MetadataTableKind.ALL_FILES);
    assertThat(MetadataTableKind.fromName("snapshot")).isEmpty();
    assertThat(MetadataTableKind.fromName(null)).isEmpty();
  }
}
