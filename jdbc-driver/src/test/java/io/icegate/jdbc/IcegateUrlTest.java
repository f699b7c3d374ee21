package io.icegate.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.time.ZoneId;
import java.util.Map;
import java.util.Properties;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IcegateUrlTest {

  private static final String KNOWN =
      "(known: user, password, timeZone, fetchSize, rowEncoding, ssl, truststore,"
          + " truststore_password, readOnly, spark.*, icegate.*)";

  @Test
  void hostAloneGetsDefaults() throws SQLException {
    IcegateUrl url = IcegateUrl.parse("jdbc:icegate://localhost", null);

    assertThat(url.host()).isEqualTo("localhost");
    assertThat(url.port()).isEqualTo(8765);
    assertThat(url.catalog()).isNull();
    assertThat(url.namespace()).isNull();
    assertThat(url.settings()).isEmpty();
    assertThat(url.ssl()).isFalse();
    assertThat(url.timeZone()).isEqualTo(TimeZone.getDefault().toZoneId());
    assertThat(url.serverAddress()).isEqualTo("http://localhost:8765");
  }

  @Test
  void readsPortCatalogAndNamespace() throws SQLException {
    IcegateUrl url = IcegateUrl.parse("jdbc:icegate://gw.example.com:9000/lake/sales", null);

    assertThat(url.host()).isEqualTo("gw.example.com");
    assertThat(url.port()).isEqualTo(9000);
    assertThat(url.catalog()).isEqualTo("lake");
    assertThat(url.namespace()).isEqualTo("sales");
  }

  @Test
  void catalogWithoutNamespaceAndTrailingSlashes() throws SQLException {
    assertThat(IcegateUrl.parse("jdbc:icegate://h/lake", null).catalog()).isEqualTo("lake");
    assertThat(IcegateUrl.parse("jdbc:icegate://h/lake", null).namespace()).isNull();
    assertThat(IcegateUrl.parse("jdbc:icegate://h/lake/", null).catalog()).isEqualTo("lake");
    assertThat(IcegateUrl.parse("jdbc:icegate://h/", null).catalog()).isNull();
    assertThat(IcegateUrl.parse("jdbc:icegate://h:1/lake/ns/", null).namespace()).isEqualTo("ns");
  }

  @Test
  void acceptsBracketedIpv6Hosts() throws SQLException {
    IcegateUrl url = IcegateUrl.parse("jdbc:icegate://[::1]:9000/lake", null);

    assertThat(url.host()).isEqualTo("[::1]");
    assertThat(url.port()).isEqualTo(9000);
    assertThat(url.serverAddress()).isEqualTo("http://[::1]:9000");
  }

  @Test
  void readsQueryParameters() throws SQLException {
    IcegateUrl url =
        IcegateUrl.parse(
            "jdbc:icegate://h?user=ann&password=pw&timeZone=UTC"
                + "&ssl=TRUE&spark.sql.shuffle.partitions=4&icegate.fetch=10",
            null);

    assertThat(url.settings())
        .containsExactly(
            Map.entry("user", "ann"),
            Map.entry("password", "pw"),
            Map.entry("timeZone", "UTC"),
            Map.entry("ssl", "true"),
            Map.entry("spark.sql.shuffle.partitions", "4"),
            Map.entry("icegate.fetch", "10"));
    assertThat(url.ssl()).isTrue();
    assertThat(url.timeZone()).isEqualTo(ZoneId.of("UTC"));
    assertThat(url.serverAddress()).isEqualTo("https://h:8765");
  }

  @Test
  void decodesQueryValuesAndPathSegments() throws SQLException {
    IcegateUrl url =
        IcegateUrl.parse(
            "jdbc:icegate://h/my%20lake/a%2Fb?password=p%26w%3D1&timeZone=%2B02%3A00&user=a+b",
            null);

    assertThat(url.catalog()).isEqualTo("my lake");
    assertThat(url.namespace()).isEqualTo("a/b");
    assertThat(url.settings())
        .containsEntry("password", "p&w=1")
        .containsEntry("user", "a b")
        .containsEntry("timeZone", "+02:00");
    assertThat(url.timeZone()).isEqualTo(ZoneId.of("+02:00"));
  }

  @Test
  void explicitPropertiesWinOverTheUrl() throws SQLException {
    Properties info = new Properties();
    info.setProperty("user", "bob");
    info.setProperty("spark.sql.ansi.enabled", "true");

    IcegateUrl url = IcegateUrl.parse("jdbc:icegate://h?user=ann&password=pw", info);

    assertThat(url.settings())
        .containsEntry("user", "bob")
        .containsEntry("password", "pw")
        .containsEntry("spark.sql.ansi.enabled", "true");
  }

  @Test
  void rejectsUnknownUrlPropertyQuotingTheUrl() {
    assertThatThrownBy(() -> IcegateUrl.parse("jdbc:icegate://localhost:8765?foo=1", null))
        .isInstanceOf(SQLException.class)
        .hasMessage(
            "Cannot connect: unknown property 'foo' in URL "
                + "'jdbc:icegate://localhost:8765?foo=1' "
                + KNOWN)
        .extracting(e -> ((SQLException) e).getSQLState())
        .isEqualTo("08001");
  }

  @Test
  void rejectsUnknownPropertyFromProperties() {
    Properties info = new Properties();
    info.setProperty("fetch_sise", "10");

    assertThatThrownBy(() -> IcegateUrl.parse("jdbc:icegate://h", info))
        .isInstanceOf(SQLException.class)
        .hasMessage(
            "Cannot connect: unknown property 'fetch_sise' in the connection properties "
                + "for URL 'jdbc:icegate://h' "
                + KNOWN)
        .extracting(e -> ((SQLException) e).getSQLState())
        .isEqualTo("08001");
  }

  @Test
  void prefixesAloneAreNotSessionSettings() {
    assertThatThrownBy(() -> IcegateUrl.parse("jdbc:icegate://h?spark.=1", null))
        .hasMessage(
            "Cannot connect: unknown property 'spark.' in URL 'jdbc:icegate://h?spark.=1' "
                + KNOWN);
  }

  @Test
  void masksPasswordsInMessages() {
    assertThatThrownBy(
            () ->
                IcegateUrl.parse(
                    "jdbc:icegate://h?password=secret&truststore_password=s2&foo=1", null))
        .hasMessage(
            "Cannot connect: unknown property 'foo' in URL "
                + "'jdbc:icegate://h?password=***&truststore_password=***&foo=1' "
                + KNOWN);
  }

  @Test
  void toStringHidesPasswords() throws SQLException {
    IcegateUrl url = IcegateUrl.parse("jdbc:icegate://h?user=u&password=secret", null);

    assertThat(url.toString()).doesNotContain("secret").contains("password=***");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "jdbc:icegate://h:abc|invalid port 'abc' (expected a number from 1 to 65535)",
        "jdbc:icegate://h:0|invalid port '0' (expected a number from 1 to 65535)",
        "jdbc:icegate://h:70000|invalid port '70000' (expected a number from 1 to 65535)",
        "jdbc:icegate://h:|invalid port '' (expected a number from 1 to 65535)",
        "jdbc:icegate://:8765|missing host",
        "jdbc:icegate://|missing host",
        "jdbc:icegate://?user=a|missing host",
        "jdbc:icegate://us@h|invalid host 'us@h'",
        "jdbc:icegate://[::1|invalid IPv6 address '[::1'",
        "jdbc:icegate://[::1]x|unexpected 'x' after the host",
        "jdbc:icegate://h/a/b/c|too many path segments (expected /CATALOG or /CATALOG/NAMESPACE)",
        "jdbc:icegate://h//ns|empty catalog in the path",
        "jdbc:icegate:h|expected '//' after 'jdbc:icegate:'",
        "jdbc:icegate://h?ssl|expected key=value but found 'ssl'",
        "jdbc:icegate://h?=1|expected key=value but found '=1'",
        "jdbc:icegate://h?user=a&user=b|property 'user' is given more than once",
        "jdbc:icegate://h?user=%zz|invalid %-escape in '%zz'",
      })
  void rejectsMalformedUrls(String url, String problem) {
    assertThatThrownBy(() -> IcegateUrl.parse(url, null))
        .isInstanceOf(SQLException.class)
        .hasMessage("Cannot connect: malformed URL '" + url + "': " + problem)
        .extracting(e -> ((SQLException) e).getSQLState())
        .isEqualTo("08001");
  }

  @Test
  void rejectsBadSslValue() {
    assertThatThrownBy(() -> IcegateUrl.parse("jdbc:icegate://h?ssl=yes", null))
        .hasMessage(
            "Cannot connect: invalid value 'yes' for property 'ssl' (expected true or false)"
                + " for URL 'jdbc:icegate://h?ssl=yes'")
        .extracting(e -> ((SQLException) e).getSQLState())
        .isEqualTo("08001");
  }

  @Test
  void rejectsUnknownTimeZone() {
    Properties info = new Properties();
    info.setProperty("timeZone", "Mars/Olympus");

    assertThatThrownBy(() -> IcegateUrl.parse("jdbc:icegate://h", info))
        .hasMessage(
            "Cannot connect: unknown time zone 'Mars/Olympus' for property 'timeZone' (expected an"
                + " id such as Europe/Paris, UTC or +02:00) for URL 'jdbc:icegate://h'")
        .extracting(e -> ((SQLException) e).getSQLState())
        .isEqualTo("08001");
  }

  @Test
  void rejectsANonPositiveFetchSize() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> IcegateUrl.parse("jdbc:icegate://h?fetchSize=0", null))
        .isInstanceOf(java.sql.SQLException.class)
        .hasMessageContaining(
            "invalid value '0' for property 'fetchSize' (expected a positive integer)");
  }
}
