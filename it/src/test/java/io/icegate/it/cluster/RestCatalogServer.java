package io.icegate.it.cluster;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Method;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.CatalogUtil;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.rest.HTTPRequest;
import org.apache.iceberg.rest.ImmutableHTTPRequest;
import org.apache.iceberg.rest.RESTCatalogAdapter;
import org.apache.iceberg.rest.RESTResponse;
import org.apache.iceberg.rest.responses.ErrorResponse;
import org.apache.iceberg.util.Pair;

/**
 * An Iceberg REST catalog server in this JVM: Iceberg's own test adapter ({@link
 * RESTCatalogAdapter}, the REST routes over a JDBC catalog on SQLite) behind the JDK's HTTP server.
 * Iceberg's servlet for it is written for Jakarta Servlet 5, which the Jetty 9 here (Avatica's)
 * does not run, so this class does the servlet's small part: HTTP in, the adapter's request object,
 * JSON out.
 */
final class RestCatalogServer implements AutoCloseable {
  private final HttpServer server;
  private final Adapter adapter;
  private final Catalog backend;

  private RestCatalogServer(HttpServer server, Adapter adapter, Catalog backend) {
    this.server = server;
    this.adapter = adapter;
    this.backend = backend;
  }

  static RestCatalogServer start(Path dir) throws IOException {
    Map<String, String> properties =
        Map.of(
            "uri",
            "jdbc:sqlite:" + dir.resolve("rest-catalog.db"),
            "jdbc.schema-version",
            "V1",
            "warehouse",
            dir.resolve("rest-warehouse").toUri().toString());
    Catalog backend =
        CatalogUtil.loadCatalog(
            "org.apache.iceberg.jdbc.JdbcCatalog", "rest_backend", properties, new Configuration());
    Adapter adapter = new Adapter(backend);
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    RestCatalogServer rest = new RestCatalogServer(server, adapter, backend);
    server.createContext("/", rest::handle);
    server.start();
    return rest;
  }

  /** The catalog behind the REST routes, to check what reached the server. */
  Catalog backend() {
    return backend;
  }

  String uri() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      HTTPRequest.HTTPMethod method = HTTPRequest.HTTPMethod.valueOf(exchange.getRequestMethod());
      String path = exchange.getRequestURI().getRawPath().substring(1);
      byte[] body = exchange.getRequestBody().readAllBytes();
      Class<?> requestClass = requestClass(method, path);
      ImmutableHTTPRequest bare =
          ImmutableHTTPRequest.builder()
              .baseUri(URI.create(uri()))
              .method(method)
              .path(path)
              .queryParameters(queryParameters(exchange.getRequestURI().getRawQuery()))
              .build();
      // Iceberg's REST JSON mapper (its Jackson is shaded inside the Spark runtime, hence no type
      // name here).
      var json = bare.mapper();
      HTTPRequest request =
          requestClass == null || body.length == 0
              ? bare
              : bare.withBody(json.readValue(body, requestClass));
      AtomicReference<ErrorResponse> error = new AtomicReference<>();
      RESTResponse response;
      try {
        response = adapter.serve(request, error::set);
      } catch (RuntimeException e) {
        if (error.get() == null) {
          throw e;
        }
        response = null;
      }
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      if (error.get() != null) {
        send(exchange, error.get().code(), json.writeValueAsBytes(error.get()));
      } else if (response == null) {
        exchange.sendResponseHeaders(204, -1);
      } else {
        send(exchange, 200, json.writeValueAsBytes(response));
      }
    }
  }

  private static void send(HttpExchange exchange, int status, byte[] json) throws IOException {
    exchange.sendResponseHeaders(status, json.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(json);
    }
  }

  /**
   * The request body's class for this route: {@code Route} is package-private in Iceberg's test
   * code.
   */
  private static Class<?> requestClass(HTTPRequest.HTTPMethod method, String path) {
    try {
      Class<?> routes = Class.forName("org.apache.iceberg.rest.Route");
      Method from = routes.getMethod("from", HTTPRequest.HTTPMethod.class, String.class);
      from.setAccessible(true);
      Pair<?, ?> route = (Pair<?, ?>) from.invoke(null, method, path);
      if (route == null) {
        return null;
      }
      Method requestClass = routes.getMethod("requestClass");
      requestClass.setAccessible(true);
      return (Class<?>) requestClass.invoke(route.first());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Cannot read the routes of Iceberg's REST test adapter", e);
    }
  }

  private static Map<String, String> queryParameters(String rawQuery) {
    Map<String, String> parameters = new LinkedHashMap<>();
    if (rawQuery != null) {
      for (String pair : rawQuery.split("&")) {
        int eq = pair.indexOf('=');
        String key = eq < 0 ? pair : pair.substring(0, eq);
        String value = eq < 0 ? "" : pair.substring(eq + 1);
        parameters.put(
            URLDecoder.decode(key, StandardCharsets.UTF_8),
            URLDecoder.decode(value, StandardCharsets.UTF_8));
      }
    }
    return parameters;
  }

  @Override
  public void close() throws Exception {
    server.stop(0);
    adapter.close();
    if (backend instanceof AutoCloseable closeable) {
      closeable.close();
    }
  }

  /** Opens the adapter's routing ({@code execute} is protected) to the HTTP handler. */
  private static final class Adapter extends RESTCatalogAdapter {
    Adapter(Catalog catalog) {
      super(catalog);
    }

    RESTResponse serve(HTTPRequest request, java.util.function.Consumer<ErrorResponse> onError) {
      return execute(request, RESTResponse.class, onError, headers -> {});
    }
  }
}
