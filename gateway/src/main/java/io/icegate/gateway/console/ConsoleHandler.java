package io.icegate.gateway.console;

import io.icegate.access.AccessControl;
import io.icegate.access.Role;
import io.icegate.gateway.activity.GatewayActivity;
import io.icegate.gateway.activity.StatementActivity;
import io.icegate.gateway.metrics.GatewayMetrics;
import io.icegate.gateway.security.Authenticator;
import io.icegate.gateway.security.Identity;
import io.icegate.gateway.security.Ownership;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import javax.servlet.ServletException;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.spark.sql.SparkSession;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.HandlerWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The web console at {@code /ui/}: pages written on the gateway (see {@link ConsolePages}), a login
 * form that checks the same users as JDBC and keeps the browser's session in a cookie, and the
 * cancel button. In front of the HTTP Basic authentication that Avatica's requests go through, so
 * that a browser logs in with a form rather than the browser's password prompt. A browser's {@code
 * GET /} is sent here; Avatica's requests (POST) and everything else go on unchanged.
 */
public final class ConsoleHandler extends HandlerWrapper {
  private static final Logger LOG = LoggerFactory.getLogger(ConsoleHandler.class);
  private static final String COOKIE = "icegate_console";

  /** How long the tables page's rows are shown before they are read again. */
  private static final Duration TABLES_FOR = Duration.ofSeconds(30);

  private static final Map<String, String> STATIC =
      Map.of("/ui/static/console.css", "text/css", "/ui/static/console.js", "text/javascript");

  private final Optional<Authenticator> authenticator;
  private final Path auditLog;
  private final Supplier<SparkSession> session;
  private final ConsoleSessions sessions = new ConsoleSessions();
  private MaintenanceTables.Result tables;
  private final AccessControl access;
  private Instant tablesRead = Instant.MIN;

  /**
   * @param authenticator the gateway's users, or empty when authentication is off (then everyone is
   *     an admin, as for JDBC, and the gateway listens on loopback only)
   * @param auditLog the audit log the history page reads
   * @param session the console's own Spark session, which sees the catalogs connections see (the
   *     tables page reads their tables' metadata through it, without a Spark job)
   * @param access the access rules: the tables page shows each viewer the tables they may see
   */
  public ConsoleHandler(
      Optional<Authenticator> authenticator,
      Path auditLog,
      Supplier<SparkSession> session,
      AccessControl access) {
    this.authenticator = authenticator;
    this.auditLog = auditLog;
    this.session = session;
    this.access = access;
  }

  @Override
  public void handle(
      String target, Request baseRequest, HttpServletRequest request, HttpServletResponse response)
      throws IOException, ServletException {
    boolean get = request.getMethod().equals("GET");
    if (target.equals("/") && get && accepts(request, "text/html")) {
      baseRequest.setHandled(true);
      redirect(response, "/ui/");
      return;
    }
    if (!target.equals("/ui") && !target.startsWith("/ui/")) {
      super.handle(target, baseRequest, request, response);
      return;
    }
    baseRequest.setHandled(true);
    securityHeaders(response);
    if (STATIC.containsKey(target) && get) {
      resource(target, response);
      return;
    }
    boolean post = request.getMethod().equals("POST");
    if (target.equals("/ui/login")) {
      if (post) {
        login(request, response);
      } else if (authenticator.isEmpty()) {
        redirect(response, "/ui/statements");
      } else {
        html(response, HttpServletResponse.SC_OK, ConsolePages.login(null, ""));
      }
      return;
    }
    Optional<ConsoleSessions.Session> session =
        session(request, response, !target.startsWith("/ui/fragments/"));
    if (session.isEmpty()) {
      if (target.startsWith("/ui/fragments/")) {
        response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
      } else {
        redirect(response, "/ui/login");
      }
      return;
    }
    Identity viewer = session.get().identity();
    String token = session.get().formToken();
    if (post) {
      if (!sameToken(request.getParameter("form_token"), token)) {
        html(
            response,
            HttpServletResponse.SC_FORBIDDEN,
            page(ConsolePages.Page.STATEMENTS, session.get(), message("The form has expired.")));
        return;
      }
      switch (target) {
        case "/ui/cancel" -> cancel(request, response, session.get());
        case "/ui/logout" -> {
          sessions.close(session.get().token());
          response.addHeader("Set-Cookie", COOKIE + "=; Path=/ui; Max-Age=0; HttpOnly");
          redirect(response, "/ui/login");
        }
        default -> response.setStatus(HttpServletResponse.SC_NOT_FOUND);
      }
      return;
    }
    if (!get) {
      response.setStatus(HttpServletResponse.SC_METHOD_NOT_ALLOWED);
      return;
    }
    switch (target) {
      case "/ui", "/ui/" -> redirect(response, "/ui/statements");
      case "/ui/statements" ->
          html(
              response,
              HttpServletResponse.SC_OK,
              page(
                  ConsolePages.Page.STATEMENTS,
                  session.get(),
                  ConsolePages.statements(viewer, token)));
      case "/ui/fragments/running" ->
          html(response, HttpServletResponse.SC_OK, ConsolePages.running(viewer, token));
      case "/ui/fragments/ended" ->
          html(response, HttpServletResponse.SC_OK, ConsolePages.ended(viewer));
      case "/ui/history" ->
          html(
              response,
              HttpServletResponse.SC_OK,
              page(
                  ConsolePages.Page.HISTORY,
                  session.get(),
                  ConsolePages.history(RecentStatements.of(auditLog, viewer, 200))));
      case "/ui/connections" ->
          html(
              response,
              HttpServletResponse.SC_OK,
              page(ConsolePages.Page.CONNECTIONS, session.get(), ConsolePages.connections(viewer)));
      case "/ui/tables" -> {
        MaintenanceTables.Result tables = maintenanceTables().seenBy(access.rules(), viewer);
        html(
            response,
            HttpServletResponse.SC_OK,
            page(
                ConsolePages.Page.TABLES,
                session.get(),
                ConsolePages.tables(tables.needing(), tables.checked().size())));
      }
      default ->
          html(
              response,
              HttpServletResponse.SC_NOT_FOUND,
              page(ConsolePages.Page.STATEMENTS, session.get(), message("No such page.")));
    }
  }

  /**
   * The tables page's rows, read again at most every {@link #TABLES_FOR} and by one request at a
   * time: reading every table's manifests is the dearest thing a page does.
   */
  private synchronized MaintenanceTables.Result maintenanceTables() {
    if (tables == null || tablesRead.plus(TABLES_FOR).isBefore(Instant.now())) {
      tables = MaintenanceTables.of(session.get());
      tablesRead = Instant.now();
    }
    return tables;
  }

  private void login(HttpServletRequest request, HttpServletResponse response) throws IOException {
    if (authenticator.isEmpty()) {
      redirect(response, "/ui/statements");
      return;
    }
    String user = request.getParameter("user");
    String password = request.getParameter("password");
    Optional<Identity> identity = Optional.empty();
    if (user != null && password != null) {
      char[] chars = password.toCharArray();
      try {
        identity = authenticator.get().authenticate(user, chars, request.getRemoteAddr());
      } finally {
        Arrays.fill(chars, '\0');
      }
    }
    if (identity.isEmpty()) {
      GatewayMetrics.instance().authenticationFailed();
      LOG.warn(
          "Refused console login of user '{}' from {}: wrong user name or password",
          user,
          request.getRemoteAddr());
      html(
          response,
          HttpServletResponse.SC_UNAUTHORIZED,
          ConsolePages.login("Wrong user name or password.", user == null ? "" : user));
      return;
    }
    ConsoleSessions.Session session = sessions.open(identity.get());
    setCookie(request, response, session);
    redirect(response, "/ui/statements");
  }

  private void cancel(
      HttpServletRequest request, HttpServletResponse response, ConsoleSessions.Session session)
      throws IOException {
    String queryId = String.valueOf(request.getParameter("query_id"));
    Optional<StatementActivity> query = GatewayActivity.instance().query(queryId);
    Identity viewer = session.identity();
    if (query.isEmpty() || !Ownership.ownerOrAdmin(viewer, query.get().connection().user())) {
      // Another user's statement looks like none at all: a viewer does not see it either.
      html(
          response,
          HttpServletResponse.SC_FORBIDDEN,
          page(
              ConsolePages.Page.STATEMENTS,
              session,
              message(
                  "Cannot cancel query "
                      + queryId
                      + ": no such statement of yours"
                      + (viewer.role().includes(Role.ADMIN)
                          ? ""
                          : " (cancelling another user's statement needs role admin)"))));
      return;
    }
    boolean cancelled = query.get().cancel("cancelled from the console by user " + viewer.user());
    LOG.info(
        "Console: user {} cancelled query {} ({})",
        viewer.user(),
        queryId,
        cancelled ? "was running" : "had already ended");
    redirect(response, "/ui/statements");
  }

  /** The request's console session; without authentication one is opened for it at once. */
  private Optional<ConsoleSessions.Session> session(
      HttpServletRequest request, HttpServletResponse response, boolean touch) {
    // The user as the users file has them now: removed, or given another role, since the login.
    Optional<ConsoleSessions.Session> found =
        sessions.find(
            cookie(request),
            touch,
            identity ->
                authenticator.isEmpty()
                    ? identity
                    : identity.flatMap(known -> authenticator.get().current(known)));
    if (found.isPresent() || authenticator.isPresent()) {
      return found;
    }
    ConsoleSessions.Session opened =
        sessions.open(new Identity("anonymous", Role.ADMIN, request.getRemoteAddr(), false));
    setCookie(request, response, opened);
    return Optional.of(opened);
  }

  private static String cookie(HttpServletRequest request) {
    Cookie[] cookies = request.getCookies();
    if (cookies != null) {
      for (Cookie c : cookies) {
        if (c.getName().equals(COOKIE)) {
          return c.getValue();
        }
      }
    }
    return null;
  }

  private static void setCookie(
      HttpServletRequest request, HttpServletResponse response, ConsoleSessions.Session session) {
    // Written by hand: the servlet API of Jetty 9 has no SameSite attribute.
    response.addHeader(
        "Set-Cookie",
        COOKIE
            + "="
            + session.token()
            + "; Path=/ui; HttpOnly; SameSite=Strict"
            + (request.isSecure() ? "; Secure" : ""));
  }

  private static boolean sameToken(String given, String expected) {
    return given != null
        && MessageDigest.isEqual(
            given.getBytes(StandardCharsets.UTF_8), expected.getBytes(StandardCharsets.UTF_8));
  }

  private static String page(ConsolePages.Page page, ConsoleSessions.Session s, String content) {
    return ConsolePages.page(page, s.identity(), s.formToken(), content);
  }

  private static String message(String text) {
    return "<p class=\"error\" id=\"message\">" + Html.escape(text) + "</p>";
  }

  private static boolean accepts(HttpServletRequest request, String type) {
    String accept = request.getHeader("Accept");
    return accept != null && accept.contains(type);
  }

  private static void securityHeaders(HttpServletResponse response) {
    response.setHeader(
        "Content-Security-Policy",
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline';"
            + " frame-ancestors 'none'; form-action 'self'");
    response.setHeader("X-Frame-Options", "DENY");
    response.setHeader("X-Content-Type-Options", "nosniff");
    response.setHeader("Referrer-Policy", "no-referrer");
    response.setHeader("Cache-Control", "no-store");
  }

  private static void redirect(HttpServletResponse response, String location) {
    response.setStatus(HttpServletResponse.SC_SEE_OTHER);
    response.setHeader("Location", location);
  }

  private static void html(HttpServletResponse response, int status, String html)
      throws IOException {
    byte[] body = html.getBytes(StandardCharsets.UTF_8);
    response.setStatus(status);
    response.setContentType("text/html;charset=utf-8");
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
  }

  private static void resource(String target, HttpServletResponse response) throws IOException {
    String name = target.substring("/ui/static/".length());
    try (InputStream in = ConsoleHandler.class.getResourceAsStream(name)) {
      if (in == null) {
        response.setStatus(HttpServletResponse.SC_NOT_FOUND);
        return;
      }
      byte[] body = in.readAllBytes();
      response.setStatus(HttpServletResponse.SC_OK);
      response.setContentType(STATIC.get(target) + ";charset=utf-8");
      response.setContentLength(body.length);
      response.getOutputStream().write(body);
    }
  }
}
