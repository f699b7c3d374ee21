package io.icegate.protocol.testing;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Random values of every kind the gateway puts in a frame: numbers at their edges, text with
 * characters of every UTF-8 length (and some strings that come again, as map keys do), bytes,
 * nulls, and arrays, structs and maps nested a few levels deep. Shared by the tests of both
 * encoders (the gateway's Avatica rows, the compact rows).
 */
public final class RandomWireValues {
  private static final String[] REPEATED = {"added-data-files", "total-records", "1", "0", "", "ü"};

  private RandomWireValues() {}

  /** A random column value. */
  /** A frame of up to 29 rows of 1 to 8 columns of random values. */
  public static List<Object> rows(Random random) {
    List<Object> rows = new ArrayList<>();
    int columns = 1 + random.nextInt(8);
    for (int r = random.nextInt(30); r > 0; r--) {
      List<Object> row = new ArrayList<>();
      for (int c = 0; c < columns; c++) {
        row.add(value(random));
      }
      rows.add(row);
    }
    return rows;
  }

  public static Object value(Random random) {
    return value(random, 0);
  }

  private static Object value(Random random, int depth) {
    switch (random.nextInt(depth < 4 ? 14 : 11)) {
      case 0:
        return random.nextLong() >> random.nextInt(64);
      case 1:
        return random.nextInt() >> random.nextInt(32);
      case 2:
        return random.nextInt(10) == 0 ? -0.0d : random.nextGaussian() * 1e6;
      case 3:
        return random.nextFloat();
      case 4:
        return (short) random.nextInt();
      case 5:
        return (byte) random.nextInt();
      case 6:
        return random.nextBoolean();
      case 7:
        return new BigDecimal(new BigInteger(64, random), random.nextInt(20) - 5);
      case 8:
        {
          if (random.nextInt(3) == 0) {
            return REPEATED[random.nextInt(REPEATED.length)];
          }
          StringBuilder text = new StringBuilder();
          for (int i = random.nextInt(10); i > 0; i--) {
            text.appendCodePoint(
                random.nextInt(4) == 0 ? 0x1F300 + random.nextInt(200) : 'a' + random.nextInt(300));
          }
          return text.toString();
        }
      case 9:
        {
          byte[] bytes = new byte[random.nextInt(5) == 0 ? 0 : random.nextInt(300)];
          random.nextBytes(bytes);
          return bytes;
        }
      case 10:
        return null;
      case 11:
        { // an array
          List<Object> elements = new ArrayList<>();
          for (int i = random.nextInt(5); i > 0; i--) {
            elements.add(value(random, depth + 1));
          }
          return elements;
        }
      case 12:
        { // a struct
          Object[] fields = new Object[1 + random.nextInt(6)];
          for (int i = 0; i < fields.length; i++) {
            fields[i] = value(random, depth + 1);
          }
          return Arrays.asList(fields);
        }
      default:
        { // a map
          List<Object> entries = new ArrayList<>();
          for (int i = random.nextInt(5); i > 0; i--) {
            entries.add(Arrays.asList(value(random, depth + 1), value(random, depth + 1)));
          }
          return entries;
        }
    }
  }
}
