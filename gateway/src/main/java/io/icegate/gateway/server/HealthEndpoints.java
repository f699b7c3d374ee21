package io.icegate.gateway.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.servlet.ServletException;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.HandlerWrapper;

/**
 * {@code GET /health} (the process answers) and {@code GET /ready} ({@link Readiness}) for load
 * balancers and orchestrators: in front of authentication, since they carry no credentials, and
 * telling nothing but what is not ready. Every other request goes on to authentication and Avatica.
 */
final class HealthEndpoints extends HandlerWrapper {
  static final String HEALTH = "/health";
  static final String READY = "/ready";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Readiness readiness;

  HealthEndpoints(Readiness readiness) {
    this.readiness = readiness;
  }

  @Override
  public void handle(
      String target, Request baseRequest, HttpServletRequest request, HttpServletResponse response)
      throws IOException, ServletException {
    if (!target.equals(HEALTH) && !target.equals(READY)) {
      super.handle(target, baseRequest, request, response);
      return;
    }
    baseRequest.setHandled(true);
    if (!request.getMethod().equals("GET") && !request.getMethod().equals("HEAD")) {
      response.setHeader("Allow", "GET, HEAD");
      answer(response, HttpServletResponse.SC_METHOD_NOT_ALLOWED, Map.of("status", "use GET"));
      return;
    }
    if (target.equals(HEALTH)) {
      answer(response, HttpServletResponse.SC_OK, Map.of("status", "up"));
      return;
    }
    Readiness.Report report = readiness.check();
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("status", report.ready() ? "ready" : "not ready");
    if (!report.ready()) {
      body.put("not_ready", report.notReady());
    }
    answer(
        response,
        report.ready() ? HttpServletResponse.SC_OK : HttpServletResponse.SC_SERVICE_UNAVAILABLE,
        body);
  }

  private static void answer(HttpServletResponse response, int status, Map<String, ?> body)
      throws IOException {
    response.setStatus(status);
    response.setContentType("application/json;charset=utf-8");
    response.setHeader("Cache-Control", "no-store");
    response.getOutputStream().write(JSON.writeValueAsBytes(body));
  }
}
