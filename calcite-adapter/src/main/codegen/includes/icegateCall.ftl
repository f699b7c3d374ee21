<#--
  Iceberg's CALL statement, as Iceberg's Spark SQL extensions define it:
    CALL [catalog.]system.procedure(value, ...)  or  CALL [catalog.]system.procedure(name => value, ...)
  and Icegate's EXPLAIN CALL ..., which shows what such a call would do without running it.
  Registered first among the statement methods, so it wins over Calcite's own CALL (a routine call).
-->

/** Parses {@code CALL [catalog.]system.procedure(arguments)} into a {@link SqlIcebergCall}. */
SqlNode SqlIcebergCall() :
{
    final Span s;
    final SqlIdentifier procedure;
    final List<SqlProcedureArgument> arguments = new ArrayList<SqlProcedureArgument>();
    SqlProcedureArgument argument;
}
{
    <CALL> { s = span(); }
    procedure = ProcedureName() {
        SqlIcebergCall.checkProcedureName(procedure);
    }
    <LPAREN>
    [
        argument = ProcedureArgument() { arguments.add(argument); }
        (
            <COMMA> argument = ProcedureArgument() { arguments.add(argument); }
        )*
    ]
    <RPAREN>
    {
        return SqlIcebergCall.create(s.end(this), procedure, arguments);
    }
}

/**
 * The dotted name after CALL. Its first part may be a word Calcite reserves, as Spark allows in a catalog's name
 * ({@code CALL second.system.expire_snapshots(...)}): after CALL it can mean nothing else.
 */
SqlIdentifier ProcedureName() :
{
    final List<String> nameList = new ArrayList<String>();
    final List<SqlParserPos> posList = new ArrayList<SqlParserPos>();
}
{
    (
        AddIdentifierSegment(nameList, posList)
    |
        AddKeywordSegment(nameList, posList)
    )
    (
        <DOT>
        (
            AddIdentifierSegment(nameList, posList)
        |
            AddKeywordSegment(nameList, posList)
        )
    )*
    {
        return new SqlIdentifier(nameList, null, SqlParserPos.sum(posList), posList);
    }
}

/** Parses {@code EXPLAIN CALL ...} into a {@link SqlExplainIcebergCall}. */
SqlNode SqlExplainIcebergCall() :
{
    final Span s;
    final SqlNode call;
}
{
    <EXPLAIN> { s = span(); }
    call = SqlIcebergCall()
    {
        return new SqlExplainIcebergCall(s.end(this), (SqlIcebergCall) call);
    }
}

/** Parses one argument of CALL: {@code name => value} or a bare value. */
SqlProcedureArgument ProcedureArgument() :
{
    final SqlIdentifier name;
    final SqlNode value;
}
{
    (
        LOOKAHEAD(2)
        name = ProcedureArgumentName()
        <NAMED_ARGUMENT_ASSIGNMENT>
        value = ProcedureArgumentValue() {
            return new SqlProcedureArgument(name.getParserPosition().plus(value.getParserPosition()), name,
                value);
        }
    |
        value = ProcedureArgumentValue() {
            return new SqlProcedureArgument(value.getParserPosition(), null, value);
        }
    )
}

/**
 * An argument name: an identifier, or a reserved word that Iceberg uses as one (table, ref, to, where,
 * timestamp; see argumentNameKeywords and keywordNameSegments in config.fmpp).
 */
SqlIdentifier ProcedureArgumentName() :
{
    final List<String> names = new ArrayList<String>();
    final List<SqlParserPos> positions = new ArrayList<SqlParserPos>();
}
{
    (
        AddIdentifierSegment(names, positions)
    |
        AddKeywordSegment(names, positions)
    |
        (
<#list parser.argumentNameKeywords as keyword>
            <${keyword}><#sep> |</#sep>
</#list>
        )
        {
            names.add(unquotedIdentifier());
            positions.add(getPos());
        }
    )
    {
        return new SqlIdentifier(names.get(0), positions.get(0));
    }
}

/**
 * An argument value: the constants Iceberg's CALL accepts (strings, numbers, booleans, NULL, typed literals
 * such as TIMESTAMP '...', map(...), array(...)), plus ARRAY[...] and JDBC's ? parameters.
 */
SqlNode ProcedureArgumentValue() :
{
    final SqlNode e;
    final Span s;
    final List<SqlNode> values = new ArrayList<SqlNode>();
}
{
    (
        e = SparkString()
    |
        e = SparkNumber()
    |
        <TRUE> { e = SqlLiteral.createBoolean(true, getPos()); }
    |
        <FALSE> { e = SqlLiteral.createBoolean(false, getPos()); }
    |
        <NULL> { e = SqlLiteral.createNull(getPos()); }
    |
        e = DynamicParam()
    |
        LOOKAHEAD(2)
        e = DateTimeLiteral()
    |
        <MAP> { s = span(); }
        <LPAREN> [ AddProcedureArgumentValues(values) ] <RPAREN> {
            e = SqlIcebergCall.map(s.end(this), values);
        }
    |
        <ARRAY> { s = span(); }
        (
            <LPAREN> [ AddProcedureArgumentValues(values) ] <RPAREN>
        |
            <LBRACKET> [ AddProcedureArgumentValues(values) ] <RBRACKET>
        )
        {
            e = SqlStdOperatorTable.ARRAY_VALUE_CONSTRUCTOR.createCall(s.end(this), values);
        }
    )
    {
        return e;
    }
}

void AddProcedureArgumentValues(List<SqlNode> values) :
{
    SqlNode e;
}
{
    e = ProcedureArgumentValue() { values.add(e); }
    (
        <COMMA> e = ProcedureArgumentValue() { values.add(e); }
    )*
}
