<#--
  Spark's string and number literals where Calcite's differ. Spark strings take backslash escapes, may be
  double-quoted, and adjacent ones are concatenated ('it''s' is "its" in Spark, "it's" in standard SQL).
  Values that Icegate passes on to Spark (CALL arguments, VERSION AS OF names) are read with these rules
  through SparkString(); elsewhere Calcite's StringLiteral() still reads plain single-quoted strings.
-->

/**
 * A string literal that only Spark's rules can read: double-quoted, or single-quoted with an escaped quote
 * inside. Registered as a literal parser method, so it works wherever Calcite accepts a literal.
 */
SqlNode SparkQuotedString() :
{
    final Span s;
    final StringBuilder value = new StringBuilder();
}
{
    ( <SPARK_DOUBLE_QUOTED_STRING> | <SPARK_ESCAPED_STRING> ) {
        s = span();
        appendSparkString(value);
    }
    ( LOOKAHEAD(1) AddSparkStringToken(value) )*
    {
        return SqlLiteral.createCharString(value.toString(), s.end(this));
    }
}

/** Parses a string literal (one or more adjacent quoted strings) with Spark's rules. */
SqlLiteral SparkString() :
{
    final Span s;
    final StringBuilder value = new StringBuilder();
}
{
    AddSparkStringToken(value) { s = span(); }
    ( LOOKAHEAD(1) AddSparkStringToken(value) )*
    {
        return SqlLiteral.createCharString(value.toString(), s.end(this));
    }
}

void AddSparkStringToken(StringBuilder value) :
{
}
{
    ( <QUOTED_STRING> | <SPARK_DOUBLE_QUOTED_STRING> | <SPARK_ESCAPED_STRING> ) {
        appendSparkString(value);
    }
}

/** Decodes the string token just read, as Spark would, and appends it to {@code value}. */
JAVACODE void appendSparkString(StringBuilder value) {
    try {
        value.append(SparkStringLiterals.decode(getToken(0).image));
    } catch (IllegalArgumentException e) {
        throw ParseFailures.at(getPos(), e.getMessage());
    }
}

/** Whether the next token is a Spark number suffix written right after the number just read. */
JAVACODE boolean sparkNumberSuffixFollows() {
    final Token number = getToken(0);
    final Token next = getToken(1);
    return next.kind == IDENTIFIER
        && next.beginLine == number.endLine
        && next.beginColumn == number.endColumn + 1
        && SparkNumberLiterals.isSuffix(next.image);
}

/**
 * A signed number with Spark's optional type suffix (1L, 1S, 1Y, 2.5BD, 1.0D, 1.0F), as CALL arguments allow.
 */
SqlLiteral SparkNumber() :
{
    Span s = null;
    boolean negative = false;
    final SqlNumericLiteral number;
    String suffix = null;
}
{
    [
        <PLUS> { s = span(); }
    |
        <MINUS> { s = span(); negative = true; }
    ]
    number = UnsignedNumericLiteral() {
        if (s == null) {
            s = span();
        }
    }
    [
        // Spark's suffix is part of the number token ("1L"); Calcite's lexer splits it off, so accept it
        // only when nothing separates it from the digits.
        LOOKAHEAD({ sparkNumberSuffixFollows() })
        <IDENTIFIER> { suffix = token.image; }
    ]
    {
        try {
            return SparkNumberLiterals.create(number, negative, suffix, s.end(this));
        } catch (IllegalArgumentException e) {
            throw ParseFailures.at(s.end(this), e.getMessage());
        }
    }
}
