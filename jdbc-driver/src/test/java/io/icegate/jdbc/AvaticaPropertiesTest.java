package io.icegate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;
import java.util.TimeZone;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.Test;

class AvaticaPropertiesTest {

  @Test
  void plainUrlTalksProtobufOverHttpInTheJvmZoneAndWaitsADayForAResponse() throws SQLException {
    Properties properties = AvaticaProperties.of(IcegateUrl.parse("jdbc:icegate://h:9000", null));
    String jvmZone = TimeZone.getDefault().getID();

    assertThat(properties)
        .containsOnly(
            Map.entry("url", "http://h:9000"),
            Map.entry("serialization", "protobuf"),
            Map.entry("fetch_size", "1000"),
            Map.entry("http_response_timeout", "86400000"),
            Map.entry("timeZone", jvmZone),
            Map.entry("clientTimeZone", TimeZone.getDefault().toZoneId().getId()));
  }

  @Test
  void fetchSizeBecomesAvaticasDefaultFetchSize() throws SQLException {
    assertThat(AvaticaProperties.of(IcegateUrl.parse("jdbc:icegate://h?fetchSize=250", null)))
        .containsEntry("fetch_size", "250");
  }

  @Test
  void sslAndTrustStoreBecomeAvaticaSettings() throws SQLException {
    Properties properties =
        AvaticaProperties.of(
            IcegateUrl.parse(
                "jdbc:icegate://h?ssl=true&truststore=/etc/ts.jks&truststore_password=changeit",
                null));

    assertThat(properties)
        .containsEntry("url", "https://h:8765")
        .containsEntry("truststore", "/etc/ts.jks")
        .containsEntry("truststore_password", "changeit");
  }

  @Test
  void offsetZonesAreSpelledSoThatJavaUtilTimeZoneKnowsThem() throws SQLException {
    Properties properties =
        AvaticaProperties.of(IcegateUrl.parse("jdbc:icegate://h?timeZone=%2B02:00", null));

    assertThat(properties)
        .containsEntry("timeZone", "GMT+02:00")
        .containsEntry("clientTimeZone", "+02:00");
    assertThat(TimeZone.getTimeZone(properties.getProperty("timeZone")).getRawOffset())
        .isEqualTo(2 * 3600 * 1000);
  }

  @Test
  void serverReceivesIdentityLocationZoneAndSessionSettingsOnly() throws SQLException {
    Properties info = new Properties();
    info.setProperty("password", "pw");
    IcegateUrl url =
        IcegateUrl.parse(
            "jdbc:icegate://h/lake/sales?user=ann&ssl=true"
                + "&truststore=/ts&truststore_password=tp&timeZone=Europe/Paris"
                + "&spark.sql.ansi.enabled=true&icegate.query.timeout=30",
            info);

    Map<String, String> sent =
        Service.OpenConnectionRequest.serializeProperties(AvaticaProperties.of(url));

    assertThat(sent)
        .containsOnly(
            Map.entry("user", "ann"),
            Map.entry("catalog", "lake"),
            Map.entry("namespace", "sales"),
            Map.entry("clientTimeZone", "Europe/Paris"),
            Map.entry("spark.sql.ansi.enabled", "true"),
            Map.entry("icegate.query.timeout", "30"));
  }

  @Test
  void userAndPasswordBecomeHttpBasicCredentials() throws SQLException {
    Properties info = new Properties();
    info.setProperty("password", "s3cret");
    Properties properties =
        AvaticaProperties.of(IcegateUrl.parse("jdbc:icegate://h?user=ann", info));

    assertThat(properties)
        .containsEntry("authentication", "BASIC")
        .containsEntry("avatica_user", "ann")
        .containsEntry("avatica_password", "s3cret");
    // The password travels in the HTTP Authorization header only, never in the open-connection
    // request.
    assertThat(Service.OpenConnectionRequest.serializeProperties(properties))
        .doesNotContainValue("s3cret");
  }

  @Test
  void noUserMeansNoCredentials() throws SQLException {
    Properties properties = AvaticaProperties.of(IcegateUrl.parse("jdbc:icegate://h", null));

    assertThat(properties).doesNotContainKeys("authentication", "avatica_user", "avatica_password");
  }

  @Test
  void catalogAndNamespaceAreSentOnlyWhenPresent() throws SQLException {
    Map<String, String> sent =
        Service.OpenConnectionRequest.serializeProperties(
            AvaticaProperties.of(IcegateUrl.parse("jdbc:icegate://h?timeZone=UTC", null)));

    assertThat(sent).containsOnly(Map.entry("clientTimeZone", "UTC"));
  }
}
