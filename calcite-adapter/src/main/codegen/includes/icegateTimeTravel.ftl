<#--
  Spark's temporal clause on a table name (Spark 3.5 grammar: FOR? (SYSTEM_VERSION | VERSION) AS OF version,
  FOR? (SYSTEM_TIME | TIMESTAMP) AS OF timestamp). Called from CompoundTableIdentifier (compoundIdentifier.ftl).
-->

/** Parses a time-travel clause following the table name {@code table}. */
SqlIdentifier TimeTravelClause(SqlIdentifier table) :
{
    Span s = null;
    final TimeTravelKind kind;
    final SqlNode value;
}
{
    [ <FOR> { s = span(); } ]
    (
        ( <VERSION> | <SYSTEM_VERSION> ) {
            if (s == null) {
                s = span();
            }
        }
        <AS> <OF>
        value = TimeTravelVersion() { kind = TimeTravelKind.VERSION; }
    |
        ( <TIMESTAMP> | <SYSTEM_TIME> ) {
            if (s == null) {
                s = span();
            }
        }
        <AS> <OF>
        // Spark takes any constant expression here (current_timestamp() - INTERVAL 1 DAY, unix seconds, ...).
        value = Expression(ExprContext.ACCEPT_NON_QUERY) { kind = TimeTravelKind.TIMESTAMP; }
    )
    {
        return new TableNameWithTimeTravel(table, kind, value, s.end(this));
    }
}

/** Parses the version of VERSION AS OF: a snapshot id, a branch or tag name, or a JDBC parameter. */
SqlNode TimeTravelVersion() :
{
    final SqlNode e;
}
{
    (
        e = UnsignedNumericLiteral() {
            if (!((SqlNumericLiteral) e).isInteger()) {
                throw ParseFailures.at(e.getParserPosition(), "Cannot time travel to VERSION AS OF " + e
                    + ": a version is a snapshot id (an integer) or the name of a branch or tag in quotes");
            }
        }
    |
        e = SparkString()
    |
        e = DynamicParam()
    )
    {
        return e;
    }
}
