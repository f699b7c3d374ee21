<#--
  Icegate's replacement for the dotted-name productions of Calcite's Parser.jj (used because config.fmpp sets
  includeCompoundIdentifier: false). Two differences from Calcite's own:
  1. Spark lets reserved words be parts of names: prod.db.table, s.timestamp, system.truncate(4, data), and
     lets a few of them start a column reference (partition.dt, timestamp). The words are listed in config.fmpp.
  2. A table name in a FROM clause may be followed by a time-travel clause (VERSION AS OF 1, TIMESTAMP AS OF
     '...', FOR SYSTEM_TIME AS OF ...). Calcite's TableRef3 has no hook after the name but this production,
     so the clause is read here and carried on the name (TableNameWithTimeTravel); the parser's factory turns
     it into a SqlTimeTravel node once the statement is parsed.
-->

/** Adds a reserved word that Spark accepts as a part of a dotted name. */
void AddKeywordSegment(List<String> names, List<SqlParserPos> positions) :
{
}
{
    (
<#list parser.keywordNameSegments as keyword>
        <${keyword}><#sep> |</#sep>
</#list>
    )
    {
        names.add(unquotedIdentifier());
        positions.add(getPos());
    }
}

/** Adds a reserved word that Spark accepts as the first part of a column reference. */
void AddKeywordLeadingSegment(List<String> names, List<SqlParserPos> positions) :
{
}
{
    (
<#list parser.keywordLeadingSegments as keyword>
        <${keyword}><#sep> |</#sep>
</#list>
    )
    {
        names.add(unquotedIdentifier());
        positions.add(getPos());
    }
}

/**
 * Parses a compound identifier.
 */
SqlIdentifier CompoundIdentifier() :
{
    final List<String> nameList = new ArrayList<String>();
    final List<SqlParserPos> posList = new ArrayList<SqlParserPos>();
    boolean star = false;
}
{
    (
        AddIdentifierSegment(nameList, posList)
    |
        AddKeywordLeadingSegment(nameList, posList)
    )
    (
        LOOKAHEAD(2)
        <DOT>
        (
            AddIdentifierSegment(nameList, posList)
        |
            AddKeywordSegment(nameList, posList)
        )
    )*
    (
        LOOKAHEAD(2)
        <DOT>
        <STAR> {
            star = true;
            nameList.add("");
            posList.add(getPos());
        }
    )?
    {
        SqlParserPos pos = SqlParserPos.sum(posList);
        if (star) {
            return SqlIdentifier.star(nameList, pos, posList);
        }
        return new SqlIdentifier(nameList, null, pos, posList);
    }
}

/**
 * Parses a compound identifier in the FROM clause, with an optional time-travel clause after it.
 */
SqlIdentifier CompoundTableIdentifier() :
{
    final List<String> nameList = new ArrayList<String>();
    final List<SqlParserPos> posList = new ArrayList<SqlParserPos>();
    SqlIdentifier table;
}
{
    (
        AddTableIdentifierSegment(nameList, posList)
    |
        // Spark's default namespace, first in a table name (default.t.snapshots): where a table name is expected,
        // DEFAULT means nothing else (elsewhere it is an expression, so it is not a leading segment there).
        <DEFAULT_> {
            nameList.add(unquotedIdentifier());
            posList.add(getPos());
        }
    |
        // Any other reserved word Spark accepts in names, first in a table name when a dot follows
        // (second.ns.t.history: a catalog named second). Before a dot it cannot mean anything else; TABLE(...)
        // and the like keep their meaning.
        LOOKAHEAD({ getToken(2).kind == DOT })
        AddKeywordSegment(nameList, posList)
    )
    (
        LOOKAHEAD(2)
        <DOT>
        (
            AddTableIdentifierSegment(nameList, posList)
        |
            AddKeywordSegment(nameList, posList)
        )
    )*
    {
        table = new SqlIdentifier(nameList, null, SqlParserPos.sum(posList), posList);
    }
    [
        // Three tokens tell "t VERSION AS OF 1" from "t version" (an alias named version).
        LOOKAHEAD(3)
        table = TimeTravelClause(table)
    ]
    {
        return table;
    }
}

/**
 * Parses a comma-separated list of compound identifiers.
 */
void AddCompoundIdentifierTypes(List<SqlNode> list, List<SqlNode> extendList) :
{
}
{
    AddCompoundIdentifierType(list, extendList)
    (<COMMA> AddCompoundIdentifierType(list, extendList))*
}

/**
 * List of compound identifiers in parentheses. The position extends from the
 * open parenthesis to the close parenthesis.
 */
Pair<SqlNodeList, SqlNodeList> ParenthesizedCompoundIdentifierList() :
{
    final Span s;
    final List<SqlNode> list = new ArrayList<SqlNode>();
    final List<SqlNode> extendList = new ArrayList<SqlNode>();
}
{
    <LPAREN> { s = span(); }
    AddCompoundIdentifierTypes(list, extendList)
    <RPAREN> {
        return Pair.of(new SqlNodeList(list, s.end(this)), new SqlNodeList(extendList, s.end(this)));
    }
}
