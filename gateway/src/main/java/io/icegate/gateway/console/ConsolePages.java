package io.icegate.gateway.console;

import static io.icegate.gateway.console.Html.escape;

import com.fasterxml.jackson.databind.JsonNode;
import io.icegate.gateway.activity.ConnectionActivity;
import io.icegate.gateway.activity.GatewayActivity;
import io.icegate.gateway.activity.QueryState;
import io.icegate.gateway.activity.SparkProgress;
import io.icegate.gateway.activity.StatementActivity;
import io.icegate.gateway.security.Identity;
import io.icegate.gateway.security.Ownership;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * The console's pages, written on the gateway from the same state the {@code icegate.system} tables
 * show ({@link GatewayActivity}) and from the audit log. A viewer sees their own statements and
 * connections; an admin sees everyone's and may cancel any statement.
 */
final class ConsolePages {
  /** The pages of the navigation bar: path under /ui/ and title. */
  enum Page {
    STATEMENTS("statements", "Statements"),
    HISTORY("history", "History"),
    CONNECTIONS("connections", "Connections"),
    TABLES("tables", "Tables");

    final String path;
    final String title;

    Page(String path, String title) {
      this.path = path;
      this.title = title;
    }
  }

  private ConsolePages() {}

  static String login(String error, String user) {
    StringBuilder body = new StringBuilder();
    body.append("<main class=\"login\"><h1>Icegate</h1>");
    if (error != null) {
      body.append("<p class=\"error\" id=\"login-error\">").append(escape(error)).append("</p>");
    }
    body.append(
            "<form method=\"post\" action=\"/ui/login\">"
                + "<label>User <input name=\"user\" id=\"user\" autocomplete=\"username\" value=\"")
        .append(escape(user))
        .append(
            "\" required autofocus></label>"
                + "<label>Password <input name=\"password\" id=\"password\" type=\"password\""
                + " autocomplete=\"current-password\" required></label>"
                + "<button type=\"submit\" id=\"login\">Log in</button></form></main>");
    return document("Log in", body.toString());
  }

  static String page(Page page, Identity viewer, String formToken, String content) {
    StringBuilder body = new StringBuilder();
    body.append("<header><span class=\"brand\">Icegate</span><nav>");
    for (Page p : Page.values()) {
      body.append("<a href=\"/ui/")
          .append(p.path)
          .append("\" id=\"nav-")
          .append(p.path)
          .append('"')
          .append(p == page ? " class=\"active\"" : "")
          .append('>')
          .append(p.title)
          .append("</a>");
    }
    body.append("</nav><span class=\"who\" id=\"who\">")
        .append(escape(viewer.user()))
        .append(" · ")
        .append(viewer.role().name().toLowerCase(Locale.ROOT))
        .append("</span>");
    if (viewer.authenticated()) {
      body.append("<form method=\"post\" action=\"/ui/logout\" class=\"logout\">")
          .append(formToken(formToken))
          .append("<button type=\"submit\" id=\"logout\">Log out</button></form>");
    }
    body.append("</header><main>").append(content).append("</main>");
    return document(page.title, body.toString());
  }

  /** The statements page: running ones (refreshed every second by the script), then ended ones. */
  static String statements(Identity viewer, String formToken) {
    return "<h2>Running</h2><div id=\"running\" data-refresh=\"/ui/fragments/running\">"
        + running(viewer, formToken)
        + "</div><h2>Ended on this gateway</h2>"
        + "<div id=\"ended\" data-refresh=\"/ui/fragments/ended\">"
        + ended(viewer)
        + "</div>";
  }

  /** The running statements the viewer may see, as a table. */
  static String running(Identity viewer, String formToken) {
    Instant now = Instant.now();
    List<StatementActivity> running =
        visible(viewer).stream().filter(q -> !q.state().ended()).toList();
    if (running.isEmpty()) {
      return "<p class=\"empty\" id=\"no-running\">No statement is running.</p>";
    }
    StringBuilder html =
        new StringBuilder(
            "<table class=\"statements\"><thead><tr><th>Query</th><th>User</th>"
                + "<th>Connection</th><th>Elapsed</th><th>State</th><th>Progress</th>"
                + "<th>Rows sent</th><th>Statement</th><th></th></tr></thead><tbody>");
    for (StatementActivity q : running) {
      html.append("<tr id=\"query-")
          .append(escape(q.id()))
          .append("\" data-query-id=\"")
          .append(escape(q.id()))
          .append("\"><td>")
          .append(escape(q.id()))
          .append("</td><td>")
          .append(escape(q.connection().user()))
          .append("</td><td class=\"mono\">")
          .append(escape(shortId(q.connection().id())))
          .append("</td><td>")
          .append(Html.duration(Duration.between(q.started(), now)))
          .append("</td><td class=\"state\">")
          .append(state(q))
          .append("</td><td>")
          .append(progress(q.progress()))
          .append("</td><td class=\"rows\">")
          .append(q.rows())
          .append("</td><td class=\"sql\" title=\"")
          .append(escape(q.sql()))
          .append("\">")
          .append(escape(Html.abbreviate(q.sql(), 120)))
          .append("</td><td>");
      if (Ownership.ownerOrAdmin(viewer, q.connection().user())) {
        html.append("<form method=\"post\" action=\"/ui/cancel\">")
            .append(formToken(formToken))
            .append("<input type=\"hidden\" name=\"query_id\" value=\"")
            .append(escape(q.id()))
            .append("\"><button type=\"submit\" class=\"cancel\" id=\"cancel-")
            .append(escape(q.id()))
            .append("\">Cancel</button></form>");
      }
      html.append("</td></tr>");
    }
    return html.append("</tbody></table>").toString();
  }

  /** RUNNING, STREAMING, or QUEUED with its place in the queue ("QUEUED (position 3)"). */
  private static String state(StatementActivity q) {
    int position = q.queuePosition();
    return q.state() == QueryState.QUEUED && position > 0
        ? "QUEUED (position <span class=\"queue-position\">" + position + "</span>)"
        : q.state().name();
  }

  /** The ended statements the gateway still holds (the last 200 of all users), newest first. */
  static String ended(Identity viewer) {
    List<StatementActivity> ended =
        new ArrayList<>(visible(viewer).stream().filter(q -> q.state().ended()).toList());
    Collections.reverse(ended);
    if (ended.isEmpty()) {
      return "<p class=\"empty\">None yet.</p>";
    }
    StringBuilder html =
        new StringBuilder(
            "<table class=\"statements\"><thead><tr><th>Query</th><th>User</th><th>Ended</th>"
                + "<th>Took</th><th>Outcome</th><th>SQLState</th><th>Rows sent</th>"
                + "<th>Statement</th><th>Error</th></tr></thead><tbody>");
    for (StatementActivity q : ended) {
      html.append("<tr id=\"ended-")
          .append(escape(q.id()))
          .append("\" class=\"")
          .append(q.state().name().toLowerCase(Locale.ROOT))
          .append("\"><td>")
          .append(escape(q.id()))
          .append("</td><td>")
          .append(escape(q.connection().user()))
          .append("</td><td>")
          .append(Html.time(q.ended()))
          .append("</td><td>")
          .append(Html.duration(Duration.between(q.started(), q.ended())))
          .append("</td><td class=\"state\">")
          .append(q.state().name())
          .append("</td><td class=\"mono\">")
          .append(escape(q.sqlState()))
          .append("</td><td>")
          .append(q.rows())
          .append("</td><td class=\"sql\" title=\"")
          .append(escape(q.sql()))
          .append("\">")
          .append(escape(Html.abbreviate(q.sql(), 100)))
          .append("</td><td class=\"error\">")
          .append(escape(Html.abbreviate(q.error(), 160)))
          .append("</td></tr>");
    }
    return html.append("</tbody></table>").toString();
  }

  /** Statements of the audit log, which outlives restarts and the in-memory history. */
  static String history(List<JsonNode> entries) {
    if (entries.isEmpty()) {
      return "<h2>Audit log</h2><p class=\"empty\">The audit log holds no statement.</p>";
    }
    StringBuilder html =
        new StringBuilder(
            "<h2>Audit log</h2><table class=\"statements\" id=\"history\"><thead><tr><th>Time</th>"
                + "<th>User</th><th>Address</th><th>Kind</th><th>Took</th><th>Rows</th>"
                + "<th>Outcome</th><th>SQLState</th><th>Statement</th></tr></thead><tbody>");
    for (JsonNode e : entries) {
      html.append("<tr class=\"")
          .append(escape(e.path("outcome").asText("").toLowerCase(Locale.ROOT)))
          .append("\"><td>")
          .append(escape(e.path("time").asText("")))
          .append("</td><td>")
          .append(escape(e.path("user").asText("")))
          .append("</td><td>")
          .append(escape(e.path("remote_address").asText("")))
          .append("</td><td>")
          .append(escape(e.path("kind").asText("")))
          .append("</td><td>")
          .append(Html.duration(Duration.ofMillis(e.path("duration_ms").asLong())))
          .append("</td><td>")
          .append(e.path("rows").asLong())
          .append("</td><td class=\"state\">")
          .append(escape(e.path("outcome").asText("")))
          .append("</td><td class=\"mono\">")
          .append(escape(e.path("sqlstate").asText("")))
          .append("</td><td class=\"sql\" title=\"")
          .append(escape(e.path("statement").asText("")))
          .append("\">")
          .append(escape(Html.abbreviate(e.path("statement").asText(""), 120)))
          .append("</td></tr>");
    }
    return html.append("</tbody></table>").toString();
  }

  static String connections(Identity viewer) {
    GatewayActivity activity = GatewayActivity.instance();
    List<ConnectionActivity> connections = activity.connectionsVisibleTo(viewer);
    if (connections.isEmpty()) {
      return "<h2>Connections</h2><p class=\"empty\">No connection is open.</p>";
    }
    StringBuilder html =
        new StringBuilder(
            "<h2>Connections</h2><table class=\"statements\" id=\"connections\"><thead><tr>"
                + "<th>Connection</th><th>User</th><th>Address</th><th>Opened</th>"
                + "<th>Idle</th><th>Running</th></tr></thead><tbody>");
    for (ConnectionActivity c : connections) {
      html.append("<tr><td class=\"mono\">")
          .append(escape(c.id()))
          .append("</td><td>")
          .append(escape(c.user()))
          .append("</td><td>")
          .append(escape(c.remoteAddress()))
          .append("</td><td>")
          .append(Html.time(c.opened()))
          .append("</td><td>")
          .append(Html.duration(c.idle()))
          .append("</td><td>")
          .append(activity.running(c.id()).size())
          .append("</td></tr>");
    }
    return html.append("</tbody></table>").toString();
  }

  /**
   * The tables that need maintenance, each with its suggested call, out of {@code checked} tables
   * (cells in {@link MaintenanceTables#COLUMNS} order).
   */
  static String tables(List<List<String>> needing, int checked) {
    StringBuilder html =
        new StringBuilder("<h2>Tables that need maintenance</h2><p class=\"note\">")
            .append(needing.size())
            .append(" of ")
            .append(checked)
            .append(
                " tables, from <code>icegate.system.table_health</code>. Run a call as it is, or"
                    + " see first what it would do with <code>EXPLAIN</code> before it.</p>");
    if (needing.isEmpty()) {
      return html.append("<p class=\"empty\" id=\"no-tables\">Every table is healthy.</p>")
          .toString();
    }
    html.append("<table class=\"statements\" id=\"tables\"><thead><tr>");
    for (String title : MaintenanceTables.TITLES) {
      html.append("<th>").append(escape(title)).append("</th>");
    }
    html.append("</tr></thead><tbody>");
    int call = MaintenanceTables.COLUMNS.indexOf("suggested_call");
    int error = MaintenanceTables.COLUMNS.indexOf("error");
    for (List<String> cells : needing) {
      html.append("<tr>");
      for (int i = 0; i < cells.size(); i++) {
        if (i == error) {
          continue;
        }
        html.append(i == call ? "<td class=\"sql call\">" : "<td>").append(escape(cells.get(i)));
        if (i == call && cells.get(error) != null) {
          html.append("<div class=\"error\">").append(escape(cells.get(error))).append("</div>");
        }
        html.append("</td>");
      }
      html.append("</tr>");
    }
    return html.append("</tbody></table>").toString();
  }

  private static List<StatementActivity> visible(Identity viewer) {
    return GatewayActivity.instance().queriesVisibleTo(viewer);
  }

  /** Stages and tasks as a bar: the share of tasks done, with the counts beside it. */
  private static String progress(SparkProgress progress) {
    Double fraction = progress.fraction();
    if (fraction == null) {
      return "<div class=\"bar waiting\" role=\"progressbar\" data-tasks-done=\"0\""
          + " data-tasks-total=\"0\"><span></span></div><small>no Spark tasks yet</small>";
    }
    int percent = (int) Math.floor(fraction * 100);
    return "<div class=\"bar\" role=\"progressbar\" aria-valuemin=\"0\" aria-valuemax=\"100\""
        + " aria-valuenow=\""
        + percent
        + "\" data-tasks-done=\""
        + progress.tasksDone()
        + "\" data-tasks-total=\""
        + progress.tasksTotal()
        + "\"><span style=\"width:"
        + percent
        + "%\"></span></div><small>"
        + percent
        + " % · tasks "
        + progress.tasksDone()
        + "/"
        + progress.tasksTotal()
        + " · stages "
        + progress.stagesDone()
        + "/"
        + progress.stagesTotal()
        + "</small>";
  }

  private static String shortId(String connectionId) {
    return connectionId.length() <= 8 ? connectionId : connectionId.substring(0, 8);
  }

  private static String formToken(String token) {
    return "<input type=\"hidden\" name=\"form_token\" value=\"" + escape(token) + "\">";
  }

  private static String document(String title, String body) {
    return "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        + "<title>"
        + escape(title)
        + " · Icegate</title><link rel=\"stylesheet\" href=\"/ui/static/console.css\">"
        + "<script src=\"/ui/static/console.js\" defer></script></head><body>"
        + body
        + "</body></html>";
  }
}
