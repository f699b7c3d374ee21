package io.icegate.gateway.server;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.OptionalSslConnectionFactory;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.Callback;

/**
 * On an HTTPS port, answers a plain-HTTP request with {@code 426 Upgrade Required} and {@code
 * Upgrade: TLS/1.2} (RFC 2817's answer for "use TLS") and closes the connection. Without it the TLS
 * layer would drop the connection without a word, which HTTP clients (Avatica's among them) report
 * as a server that failed to respond, or retry.
 */
final class PlainHttpRefusal extends OptionalSslConnectionFactory {
  private static final byte[] RESPONSE =
      ("HTTP/1.1 426 Upgrade Required\r\n"
              + "Upgrade: TLS/1.2, HTTP/1.1\r\n"
              + "Connection: close\r\n"
              + "Content-Type: text/plain;charset=utf-8\r\n"
              + "Content-Length: 48\r\n"
              + "\r\n"
              + "This Icegate gateway accepts HTTPS connections.\n")
          .getBytes(StandardCharsets.US_ASCII);

  PlainHttpRefusal(SslConnectionFactory ssl) {
    super(ssl, null);
  }

  @Override
  protected void otherProtocol(ByteBuffer buffer, EndPoint endPoint) {
    endPoint.write(
        Callback.from(endPoint::close, failure -> endPoint.close()), ByteBuffer.wrap(RESPONSE));
  }
}
