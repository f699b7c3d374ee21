package io.icegate.it.lifecycle;

/**
 * Who runs a step of a lifecycle scenario. Through the gateway: two connections of one gateway, a
 * connection of a second gateway on the same catalogs, and a Spark application of its own
 * committing behind the gateways' backs. Through Spark (the reference): each is a SparkSession of
 * its own.
 */
enum Actor {
  FIRST,
  SECOND,
  OTHER_GATEWAY,
  SPARK_APP
}
