package io.icegate.it.operations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.icegate.access.Role;
import io.icegate.gateway.security.PasswordHash;
import io.icegate.gateway.security.UsersFile;
import io.icegate.it.RunningGateway;
import io.icegate.it.TestGateway.TestUser;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The web console in a real browser: logging in, a long statement's progress advancing and being
 * cancelled from the page, what a read user sees, and one screenshot of each page.
 */
class ConsoleIT {
  /** Many small tasks, so that tasks finish one after another and the bar moves. */
  private static final String LONG_STATEMENT =
      "SELECT sum(id * 7 % 13) FROM range(0, 40000000000, 1, 400)";

  @RegisterExtension static final RunningGateway gateway = RunningGateway.withUsers(Map.of());

  private static ChromeDriver browser;

  @BeforeAll
  static void openBrowser() throws Exception {
    browser = Browser.start();
  }

  @AfterAll
  static void closeBrowser() {
    if (browser != null) {
      browser.quit();
    }
  }

  @Test
  void anAdminSeesAStatementAdvanceAndCancelsIt() throws Exception {
    browser.manage().deleteAllCookies();
    browser.get(base() + "/");
    // A browser's GET / lands on the console's login form.
    assertThat(browser.getCurrentUrl()).isEqualTo(base() + "/ui/login");
    logIn(TestUser.BOSS.user(), "not-the-password");
    assertThat(browser.findElement(By.id("login-error")).getText())
        .contains("Wrong user name or password");
    Browser.screenshot(browser, "console-login");
    logIn(TestUser.BOSS.user(), TestUser.BOSS.password());
    assertThat(browser.getCurrentUrl()).isEqualTo(base() + "/ui/statements");
    assertThat(browser.findElement(By.id("who")).getText()).isEqualTo("boss · admin");

    try (Connection writer = gateway.connect(Role.WRITE)) {
      Running statement = Running.start(writer, LONG_STATEMENT);
      String queryId = awaitRow(statement, "writer");
      AtomicReference<Integer> seen = new AtomicReference<>(-1);
      await()
          .atMost(Duration.ofSeconds(30))
          .until(
              () -> {
                seen.set(tasksDone(queryId));
                return seen.get() >= 0;
              });
      int first = seen.get();
      await()
          .atMost(Duration.ofSeconds(120))
          .pollInterval(Duration.ofMillis(500))
          .ignoreExceptions()
          .until(() -> tasksDone(queryId) > first && tasksDone(queryId) > 0);
      await()
          .atMost(Duration.ofSeconds(10))
          .ignoreExceptions()
          .untilAsserted(
              () ->
                  assertThat(
                          row(queryId)
                              .findElement(By.cssSelector(".bar"))
                              .getAttribute("data-tasks-total"))
                      .isEqualTo("400"));
      Browser.screenshot(browser, "console-statements");

      click(By.id("cancel-" + queryId));
      await()
          .atMost(Duration.ofSeconds(60))
          .ignoreExceptions()
          .untilAsserted(
              () -> {
                assertThat(browser.findElement(By.id("ended-" + queryId)).getText())
                    .contains("CANCELLED");
                assertThat(browser.findElements(By.id("query-" + queryId))).isEmpty();
              });
      SQLException failure = statement.failure();
      assertThat(failure.getSQLState()).isEqualTo("57014");
    }

    browser.findElement(By.id("nav-history")).click();
    assertThat(browser.findElement(By.id("history")).getText()).contains("CANCELLED", "57014");
    Browser.screenshot(browser, "console-history");
    try (Connection admin = gateway.connect(Role.ADMIN);
        Connection writer = gateway.connect(Role.WRITE)) {
      browser.findElement(By.id("nav-connections")).click();
      assertThat(browser.findElement(By.id("connections")).getText()).contains("boss", "writer");
      Browser.screenshot(browser, "console-connections");
    }
    browser.findElement(By.id("logout")).click();
    browser.get(base() + "/ui/statements");
    assertThat(browser.getCurrentUrl()).isEqualTo(base() + "/ui/login");
  }

  @Test
  void aReadUserSeesOnlyTheirOwnStatementsAndCannotCancelOthers() throws Exception {
    browser.manage().deleteAllCookies();
    browser.get(base() + "/ui/login");
    logIn(TestUser.READER.user(), TestUser.READER.password());
    try (Connection writer = gateway.connect(Role.WRITE);
        Connection reader = gateway.connect(Role.READ)) {
      Running others = Running.start(writer, LONG_STATEMENT);
      Running own = Running.start(reader, LONG_STATEMENT);
      String ownId = awaitRow(own, "reader");
      String othersId = runningQueryOf("writer");
      // Both statements run now: an admin's page shows the writer's, and the reader's page, written
      // again from here on, does not.
      assertThat(adminsRunningFragment())
          .contains("id=\"query-" + othersId + "\"", "id=\"cancel-" + othersId + "\"");
      browser.navigate().refresh();
      assertThat(browser.findElements(By.id("query-" + ownId))).hasSize(1);
      assertThat(browser.findElements(By.id("query-" + othersId))).isEmpty();
      await()
          .atMost(Duration.ofSeconds(10))
          .ignoreExceptions()
          .untilAsserted(
              () ->
                  assertThat(browser.findElements(By.cssSelector("button.cancel")))
                      .extracting(button -> button.getAttribute("id"))
                      .containsExactly("cancel-" + ownId));
      assertThat(browser.findElement(By.id("running")).getText()).doesNotContain("writer");

      // The cancel form, posted by hand with the reader's session for the writer's statement.
      Cookie session = browser.manage().getCookieNamed("icegate_console");
      String formToken = browser.findElement(By.name("form_token")).getAttribute("value");
      HttpResponse<String> forged =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(base() + "/ui/cancel"))
                      .header("Cookie", "icegate_console=" + session.getValue())
                      .header("Content-Type", "application/x-www-form-urlencoded")
                      .POST(
                          HttpRequest.BodyPublishers.ofString(
                              "form_token=" + formToken + "&query_id=" + othersId))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertThat(forged.statusCode()).isEqualTo(403);
      assertThat(forged.body()).contains("needs role admin");
      // Without the form's token, not even their own.
      HttpResponse<String> noToken =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(base() + "/ui/cancel"))
                      .header("Cookie", "icegate_console=" + session.getValue())
                      .header("Content-Type", "application/x-www-form-urlencoded")
                      .POST(HttpRequest.BodyPublishers.ofString("query_id=" + ownId))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertThat(noToken.statusCode()).isEqualTo(403);
      assertThat(others.isRunning()).isTrue();
      assertThat(own.isRunning()).isTrue();

      click(By.id("cancel-" + ownId));
      assertThat(own.failure().getSQLState()).isEqualTo("57014");
      assertThat(others.isRunning()).isTrue();
      writer.createStatement().execute("CALL icegate.system.cancel('" + othersId + "')");
      assertThat(others.failure().getSQLState()).isEqualTo("57014");

      browser.findElement(By.id("nav-history")).click();
      assertThat(browser.findElement(By.id("history")).getText()).doesNotContain("writer");
    }
  }

  @Test
  void theTablesPageShowsTablesThatNeedMaintenanceWithTheirCalls() throws Exception {
    try (Connection writer = gateway.connect(Role.WRITE)) {
      Statement s = writer.createStatement();
      s.execute("CREATE TABLE IF NOT EXISTS demo.default.console_small (id BIGINT) USING iceberg");
      s.execute("CREATE TABLE IF NOT EXISTS demo.default.console_fine (id BIGINT) USING iceberg");
      for (int i = 0; i < 6; i++) {
        s.execute("INSERT INTO demo.default.console_small VALUES (" + i + ")");
      }
      s.execute("INSERT INTO demo.default.console_fine VALUES (1)");
    }
    browser.manage().deleteAllCookies();
    browser.get(base() + "/ui/login");
    logIn(TestUser.READER.user(), TestUser.READER.password());
    awaitElement("nav-tables").click();
    String page = browser.findElement(By.id("tables")).getText();
    assertThat(page)
        .contains("console_small")
        .contains("CALL demo.system.rewrite_data_files(table => 'default.console_small'")
        .doesNotContain("console_fine");
    Browser.screenshot(browser, "console-tables");
  }

  @Test
  void aLoggedInUserIsTheUsersFilesUserAtEveryPage() throws Exception {
    UsersFile users = UsersFile.read(gateway.usersFile());
    users.put(new UsersFile.User("temp", Role.ADMIN, PasswordHash.of("temp-Pw-9".toCharArray())));
    users.write();
    browser.manage().deleteAllCookies();
    browser.get(base() + "/ui/login");
    logIn("temp", "temp-Pw-9");
    assertThat(browser.findElement(By.id("who")).getText()).isEqualTo("temp · admin");

    // A role taken away, and the user removed, while the page is open: the next page knows.
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () -> {
              UsersFile now = UsersFile.read(gateway.usersFile());
              now.put(
                  new UsersFile.User(
                      "temp", Role.READ, PasswordHash.of("temp-Pw-9".toCharArray())));
              now.write();
              browser.get(base() + "/ui/statements");
              assertThat(browser.findElement(By.id("who")).getText()).isEqualTo("temp · read");
            });
    UsersFile now = UsersFile.read(gateway.usersFile());
    now.remove("temp");
    now.write();
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () -> {
              browser.get(base() + "/ui/statements");
              assertThat(browser.getCurrentUrl()).isEqualTo(base() + "/ui/login");
            });
  }

  @Test
  void theConsoleNeedsALogin() throws Exception {
    HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    for (String page :
        List.of("/ui/", "/ui/statements", "/ui/history", "/ui/connections", "/ui/tables")) {
      HttpResponse<String> response =
          http.send(
              HttpRequest.newBuilder(URI.create(base() + page)).GET().build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(response.statusCode()).as(page).isEqualTo(303);
      assertThat(response.headers().firstValue("Location")).hasValue("/ui/login");
    }
    HttpResponse<String> fragment =
        http.send(
            HttpRequest.newBuilder(URI.create(base() + "/ui/fragments/running")).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(fragment.statusCode()).isEqualTo(401);
    // Avatica's own requests to / are unchanged: still a Basic challenge without credentials.
    HttpResponse<String> avatica =
        http.send(
            HttpRequest.newBuilder(URI.create(base() + "/"))
                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(avatica.statusCode()).isEqualTo(401);
  }

  /** Clicks what {@code by} finds, again if the page's refresh replaced it just then. */
  private static void click(By by) {
    await()
        .atMost(Duration.ofSeconds(10))
        .ignoreExceptionsInstanceOf(org.openqa.selenium.StaleElementReferenceException.class)
        .until(
            () -> {
              browser.findElement(by).click();
              return true;
            });
  }

  private static void logIn(String user, String password) {
    browser.findElement(By.id("user")).clear();
    browser.findElement(By.id("user")).sendKeys(user);
    browser.findElement(By.id("password")).sendKeys(password);
    WebElement login = browser.findElement(By.id("login"));
    login.click();
    // The answer is a new page either way (the next page, or the form again with its error); until
    // it replaces this one, the form's button is still there.
    await("the page after logging in")
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(50))
        .until(() -> isStale(login));
  }

  private static boolean isStale(WebElement element) {
    try {
      element.isEnabled();
      return false;
    } catch (StaleElementReferenceException e) {
      return true;
    }
  }

  /**
   * The element of the page the browser shows once it has loaded (a click's navigation may still be
   * under way when click returns); what the browser shows instead is in the failure.
   */
  private static WebElement awaitElement(String id) {
    AtomicReference<WebElement> element = new AtomicReference<>();
    await()
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(100))
        .ignoreExceptions()
        .alias("element #" + id)
        .untilAsserted(
            () -> {
              List<WebElement> found = browser.findElements(By.id(id));
              assertThat(found)
                  .as(
                      "#%s on %s, which shows: %s",
                      id,
                      browser.getCurrentUrl(),
                      browser.findElement(By.tagName("body")).getText())
                  .isNotEmpty();
              element.set(found.get(0));
            });
    return element.get();
  }

  /** Waits for the statement's row on the statements page and returns its query id. */
  private static String awaitRow(Running statement, String user) {
    if (!browser.getCurrentUrl().endsWith("/ui/statements")) {
      browser.get(base() + "/ui/statements");
    }
    AtomicReference<String> id = new AtomicReference<>();
    await()
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(250))
        .ignoreExceptions()
        .until(
            () -> {
              for (WebElement row : browser.findElements(By.cssSelector("#running tbody tr"))) {
                if (row.getText().contains(user) && statement.isRunning()) {
                  id.set(row.getAttribute("data-query-id"));
                  return true;
                }
              }
              return false;
            });
    return id.get();
  }

  /**
   * The id of the running statement of {@code user}, as icegate.system.queries shows it to an
   * admin.
   */
  private static String runningQueryOf(String user) throws Exception {
    AtomicReference<String> id = new AtomicReference<>();
    try (Connection admin = gateway.connect(Role.ADMIN)) {
      await()
          .atMost(Duration.ofSeconds(60))
          .until(
              () -> {
                try (Statement s = admin.createStatement();
                    ResultSet rs =
                        s.executeQuery(
                            "SELECT query_id FROM icegate.system.queries WHERE user_name = '"
                                + user
                                + "' AND state IN ('RUNNING', 'STREAMING')"
                                + " AND statement LIKE 'SELECT sum%'")) {
                  if (rs.next()) {
                    id.set(rs.getString(1));
                    return true;
                  }
                  return false;
                }
              });
    }
    return id.get();
  }

  /** The running statements as the console shows them to an admin who logs in now. */
  private static String adminsRunningFragment() throws Exception {
    HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    HttpResponse<String> login =
        http.send(
            HttpRequest.newBuilder(URI.create(base() + "/ui/login"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "user="
                            + TestUser.BOSS.user()
                            + "&password="
                            + URLEncoder.encode(TestUser.BOSS.password(), StandardCharsets.UTF_8)))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(login.statusCode()).isEqualTo(303);
    String cookie = login.headers().firstValue("Set-Cookie").orElseThrow().split(";", 2)[0];
    HttpResponse<String> fragment =
        http.send(
            HttpRequest.newBuilder(URI.create(base() + "/ui/fragments/running"))
                .header("Cookie", cookie)
                .GET()
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(fragment.statusCode()).isEqualTo(200);
    return fragment.body();
  }

  private static WebElement row(String queryId) {
    return browser.findElement(By.id("query-" + queryId));
  }

  private static int tasksDone(String queryId) {
    try {
      List<WebElement> bars = browser.findElements(By.cssSelector("#query-" + queryId + " .bar"));
      return bars.isEmpty() ? -1 : Integer.parseInt(bars.get(0).getAttribute("data-tasks-done"));
    } catch (org.openqa.selenium.StaleElementReferenceException refreshed) {
      return -1;
    }
  }

  private static String base() {
    return "http://127.0.0.1:" + gateway.server().port();
  }

  /** A statement running on its own thread until it ends or is cancelled. */
  private record Running(CompletableFuture<Void> done, AtomicReference<SQLException> error) {
    static Running start(Connection connection, String sql) {
      AtomicReference<SQLException> error = new AtomicReference<>();
      CompletableFuture<Void> done =
          CompletableFuture.runAsync(
              () -> {
                try (Statement s = connection.createStatement();
                    ResultSet rs = s.executeQuery(sql)) {
                  rs.next();
                } catch (SQLException e) {
                  error.set(e);
                }
              });
      return new Running(done, error);
    }

    boolean isRunning() {
      return !done.isDone();
    }

    SQLException failure() throws Exception {
      done.get(60, java.util.concurrent.TimeUnit.SECONDS);
      assertThatThrownBy(
              () -> {
                if (error.get() != null) {
                  throw error.get();
                }
              })
          .isInstanceOf(SQLException.class);
      return error.get();
    }
  }
}
