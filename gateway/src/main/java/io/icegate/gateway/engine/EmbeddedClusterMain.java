package io.icegate.gateway.engine;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import org.apache.spark.SparkConf;
import org.apache.spark.deploy.master.Master$;
import org.apache.spark.deploy.worker.Worker$;
import org.apache.spark.rpc.RpcEnv;
import scala.Option;
import scala.Tuple3;

/**
 * The main class of the embedded cluster's process: Spark's own standalone Master and one Worker in
 * one small JVM, on loopback, for the gateway that started it. The Worker launches the executors as
 * processes of their own. The process lives as long as its standard input is open: the gateway
 * holds the other end, so when the gateway exits, however it exits (a SIGKILL included), this
 * process sees the end of its input, stops the Worker (which kills its executors) and exits.
 *
 * <p>Arguments: {@code CORES MEMORY_MB WORK_DIR}. Spark settings (authentication, the Master's
 * retry policy) arrive as {@code -Dspark.*} system properties, the shared secret in the
 * environment. Prints {@code master spark://HOST:PORT http://HOST:UI_PORT} once both are up.
 */
public final class EmbeddedClusterMain {
  static final String MASTER_LINE = "master ";
  private static final String HOST = "127.0.0.1";

  private EmbeddedClusterMain() {}

  public static void main(String[] args) throws IOException {
    int cores = Integer.parseInt(args[0]);
    int memoryMb = Integer.parseInt(args[1]);
    String workDir = args[2];
    // Nothing may write to standard output but the master line: the gateway reads it.
    PrintStream out = System.out;
    System.setOut(System.err);
    SparkConf conf = new SparkConf(true);
    Tuple3<RpcEnv, Object, Option<Object>> master =
        Master$.MODULE$.startRpcEnvAndEndpoint(HOST, 0, 0, conf);
    String masterUrl = "spark://" + HOST + ":" + master._1().address().port();
    Worker$.MODULE$.startRpcEnvAndEndpoint(
        HOST,
        0,
        0,
        cores,
        memoryMb,
        new String[] {masterUrl},
        workDir,
        Option.empty(),
        conf,
        Option.empty());
    out.println(MASTER_LINE + masterUrl + " http://" + HOST + ":" + master._2());
    out.flush();
    awaitEndOfInput(System.in);
    // Spark's shutdown hooks kill each executor the Worker launched and wait for it to end
    // (Worker's
    // own shutdown only interrupts the threads that would).
    System.exit(0);
  }

  private static void awaitEndOfInput(InputStream in) {
    byte[] buffer = new byte[256];
    try {
      while (in.read(buffer) >= 0) {
        // The gateway never writes; reading only tells when it is gone.
      }
    } catch (IOException gone) {
      // The same: the gateway's end of the pipe is closed.
    }
  }
}
