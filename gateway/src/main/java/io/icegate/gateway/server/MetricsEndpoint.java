package io.icegate.gateway.server;

import io.icegate.gateway.metrics.GatewayMetrics;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import javax.servlet.ServletException;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.HandlerWrapper;

/**
 * {@code GET /metrics}: {@link GatewayMetrics} in Prometheus' text format, or OpenMetrics when the
 * scraper's {@code Accept} asks for it. Behind authentication (any user of the gateway may scrape);
 * every other request goes on to Avatica.
 */
final class MetricsEndpoint extends HandlerWrapper {
  static final String PATH = "/metrics";
  private static final String OPENMETRICS = "application/openmetrics-text";
  private static final String OPENMETRICS_TYPE =
      "application/openmetrics-text; version=1.0.0; charset=utf-8";
  private static final String PROMETHEUS_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  @Override
  public void handle(
      String target, Request baseRequest, HttpServletRequest request, HttpServletResponse response)
      throws IOException, ServletException {
    if (!target.equals(PATH)) {
      super.handle(target, baseRequest, request, response);
      return;
    }
    baseRequest.setHandled(true);
    if (!request.getMethod().equals("GET") && !request.getMethod().equals("HEAD")) {
      response.setStatus(HttpServletResponse.SC_METHOD_NOT_ALLOWED);
      response.setHeader("Allow", "GET, HEAD");
      return;
    }
    String accept = request.getHeader("Accept");
    boolean openMetrics = accept != null && accept.toLowerCase(Locale.ROOT).contains(OPENMETRICS);
    String type = openMetrics ? OPENMETRICS_TYPE : PROMETHEUS_TYPE;
    byte[] body = GatewayMetrics.instance().scrape(type).getBytes(StandardCharsets.UTF_8);
    response.setStatus(HttpServletResponse.SC_OK);
    response.setContentType(type);
    response.setHeader("Cache-Control", "no-store");
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
  }
}
