package io.icegate.it;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;

/**
 * Avatica requests sent as a driver sends them (protobuf in an HTTP POST), for tests that look at
 * the wire.
 */
public final class AvaticaHttp {
  private static final ProtobufTranslationImpl PROTOBUF = new ProtobufTranslationImpl();

  private AvaticaHttp() {}

  /**
   * The gateway's answer to {@code request} as sent: a serialized {@code WireMessage}, an error's
   * included.
   */
  public static byte[] post(String address, Service.Request request) throws Exception {
    HttpURLConnection http = (HttpURLConnection) URI.create(address + "/").toURL().openConnection();
    http.setRequestMethod("POST");
    http.setDoOutput(true);
    try (OutputStream out = http.getOutputStream()) {
      out.write(PROTOBUF.serializeRequest(request));
    }
    try (InputStream in =
        http.getResponseCode() < 400 ? http.getInputStream() : http.getErrorStream()) {
      return in.readAllBytes();
    } finally {
      http.disconnect();
    }
  }

  /** The gateway's answer to {@code request}, read as Avatica's client reads it. */
  public static Service.Response send(String address, Service.Request request) throws Exception {
    return PROTOBUF.parseResponse(post(address, request));
  }
}
