package io.icegate.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every call encodes to text that decodes to the same call, and the text is what older peers send
 * and read.
 */
class MetadataCallTest {

  @Test
  void everyMethodRoundTripsWithAnyArguments() {
    List<String> samples =
        Arrays.asList("demo", null, "", "a%b_c", "ünï ✓", "with space", "\u0001x", "x\u0001");
    for (MetadataMethod method : MetadataMethod.values()) {
      for (int shift = 0; shift < samples.size(); shift++) {
        String[] arguments = new String[method.arity()];
        for (int i = 0; i < arguments.length; i++) {
          arguments[i] = samples.get((shift + i) % samples.size());
        }
        MetadataCall call = MetadataCall.of(method, arguments);
        String text = call.encode();
        assertThat(MetadataCall.isCall(text)).as(text).isTrue();
        assertThat(MetadataCall.decode(text)).as(text).isEqualTo(call);
      }
    }
  }

  /**
   * The text the driver sent before this codec existed: gateways and drivers of either age read
   * each other.
   */
  @Test
  void theTextIsTheWireFormatPeersKnow() {
    assertThat(MetadataCall.of(MetadataMethod.GET_PRIMARY_KEYS, "cat", null, "t").encode())
        .isEqualTo("\u0000icegate-metadata\u0000getPrimaryKeys\u0000cat\u0000\u0001\u0000t");
    assertThat(MetadataCall.of(MetadataMethod.STATEMENT_PROGRESS).encode())
        .isEqualTo("\u0000icegate-metadata\u0000statementProgress");
    assertThat(MetadataCall.decode("\u0000icegate-metadata\u0000cancelStatement\u000012"))
        .isEqualTo(MetadataCall.of(MetadataMethod.CANCEL_STATEMENT, "12"));
    assertThat(
            MetadataCall.decode(
                "\u0000icegate-metadata\u0000getFunctions\u0000\u0001\u0000\u0000%"))
        .isEqualTo(MetadataCall.of(MetadataMethod.GET_FUNCTIONS, null, "", "%"));
    assertThat(Arrays.stream(MetadataMethod.values()).map(MetadataMethod::wireName))
        .containsExactly(
            "getPrimaryKeys",
            "getProcedures",
            "getProcedureColumns",
            "getFunctions",
            "cancelStatement",
            "statementProgress");
  }

  @Test
  void sqlIsNotACall() {
    assertThat(MetadataCall.isCall("SELECT 1")).isFalse();
    assertThat(MetadataCall.isCall(null)).isFalse();
    assertThat(MetadataCall.isCall(MetadataCall.PREFIX)).isFalse();
    assertThat(MetadataCall.isCall("\u0000icegate-metadataX")).isFalse();
    assertThatThrownBy(() -> MetadataCall.decode("SELECT 1"))
        .isInstanceOf(IllegalArgumentException.class)
        .isNotInstanceOf(MetadataCall.UnknownCallException.class);
  }

  @Test
  void anUnknownMethodOrArityNamesWhatCame() {
    String text =
        MetadataCall.PREFIX
            + MetadataCall.SEPARATOR
            + "getIndexInfo"
            + MetadataCall.SEPARATOR
            + "demo";
    assertThatThrownBy(() -> MetadataCall.decode(text))
        .isInstanceOfSatisfying(
            MetadataCall.UnknownCallException.class,
            e -> {
              assertThat(e.methodName()).isEqualTo("getIndexInfo");
              assertThat(e.argumentCount()).isEqualTo(1);
            });
    String tooMany =
        MetadataCall.of(MetadataMethod.CANCEL_STATEMENT, "1").encode()
            + MetadataCall.SEPARATOR
            + "2";
    assertThatThrownBy(() -> MetadataCall.decode(tooMany))
        .isInstanceOfSatisfying(
            MetadataCall.UnknownCallException.class,
            e -> {
              assertThat(e.methodName()).isEqualTo("cancelStatement");
              assertThat(e.argumentCount()).isEqualTo(2);
            });
  }

  @Test
  void aCallTakesItsMethodsNumberOfArguments() {
    assertThatThrownBy(() -> MetadataCall.of(MetadataMethod.GET_PRIMARY_KEYS, "only one"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("getPrimaryKeys takes 3 arguments, not 1");
  }
}
