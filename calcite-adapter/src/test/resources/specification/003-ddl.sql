-- The examples of the specification's 003_fff7e6d2e2ab2ca6.txt, as its tests run them (written by SpecificationCoverageTest; do not edit by hand).
--§ 스파크 DDL
CREATE TABLE

Spark 3은 USING iceberg 절로 어떤 아이스버그 카탈로그에서든 테이블을 만들 수 있어요.

CREATE TABLE prod.db.sample (
    id bigint NOT NULL COMMENT 'unique id',
    data string)
USING iceberg;
--§ CREATE TABLE
CREATE TABLE prod.db.sample (
    id bigint NOT NULL COMMENT 'unique id',
    data string)
USING iceberg;
--§ CREATE TABLE
CREATE TABLE ... LIKE ... 구문은 지원되지 않아요.

PARTITIONED BY

파티션 테이블을 만들려면 PARTITIONED BY를 사용해요.

CREATE TABLE prod.db.sample (
    id bigint,
    data string,
    category string)
USING iceberg
PARTITIONED BY (category);
--§ PARTITIONED BY
CREATE TABLE prod.db.sample (
    id bigint,
    data string,
    category string)
USING iceberg
PARTITIONED BY (category);
--§ PARTITIONED BY
CREATE TABLE prod.db.sample (
    id bigint,
    data string,
    category string,
    ts timestamp)
USING iceberg
PARTITIONED BY (bucket(16, id), days(ts), category);
--§ PARTITIONED BY
CREATE TABLE ... AS SELECT

아이스버그는 SparkCatalog를 사용할 때 CTAS를 원자적 연산으로 지원해요. SparkSessionCatalog를 사용할 때 CTAS는 지원되지만 원자적이지 않아요.

CREATE TABLE prod.db.sample
USING iceberg
AS SELECT ...

새로 만들어진 테이블은 SELECT의 소스 테이블로부터 파티션 스펙과 테이블 속성을 상속하지 않아요. CTAS에서 PARTITIONED BY와 TBLPROPERTIES를 사용해서 새 테이블의 파티션 스펙과 테이블 속성을 선언할 수 있어요.

CREATE TABLE prod.db.sample
USING iceberg
PARTITIONED BY (part)
TBLPROPERTIES ('key'='value')
AS SELECT ...

REPLACE TABLE ... AS SELECT

아이스버그는 SparkCatalog를 사용할 때 RTAS를 원자적 연산으로 지원해요. SparkSessionCatalog를 사용할 때 RTAS는 지원되지만 원자적이지 않아요.

원자적 테이블 교체는 SELECT 쿼리 결과로 새 스냅샷을 만들지만 테이블 이력은 유지해요.

REPLACE TABLE prod.db.sample
USING iceberg
AS SELECT ...

REPLACE TABLE prod.db.sample
USING iceberg
PARTITIONED BY (part)
TBLPROPERTIES ('key'='value')
AS SELECT ...

CREATE OR REPLACE TABLE prod.db.sample
USING iceberg
AS SELECT ...

변경되면 스키마와 파티션 스펙이 교체돼요. 테이블의 스키마와 파티셔닝을 수정하지 않으려면 REPLACE TABLE 대신 INSERT OVERWRITE를 사용해요. REPLACE TABLE 명령의 새 테이블 속성은 기존 테이블 속성과 병합돼요. 기존 테이블 속성은 변경되면 업데이트되고, 그렇지 않으면 보존돼요.

DROP TABLE

DROP TABLE 동작은 0.14에서 바뀌었어요.

0.14 이전에는 DROP TABLE을 실행하면 카탈로그에서 테이블을 제거하고 테이블 내용도 함께 삭제했어요.

0.14부터는 DROP TABLE이 카탈로그에서 테이블만 제거해요. 테이블 내용을 삭제하려면 DROP TABLE PURGE를 사용해야 해요.

DROP TABLE

카탈로그에서 테이블을 드롭하려면 다음을 실행해요.

DROP TABLE prod.db.sample;
--§ CREATE TABLE ... AS SELECT
CREATE TABLE prod.db.sample
USING iceberg
AS SELECT ...

새로 만들어진 테이블은 SELECT의 소스 테이블로부터 파티션 스펙과 테이블 속성을 상속하지 않아요. CTAS에서 PARTITIONED BY와 TBLPROPERTIES를 사용해서 새 테이블의 파티션 스펙과 테이블 속성을 선언할 수 있어요.

CREATE TABLE prod.db.sample
USING iceberg
PARTITIONED BY (part)
TBLPROPERTIES ('key'='value')
AS SELECT ...

REPLACE TABLE ... AS SELECT

아이스버그는 SparkCatalog를 사용할 때 RTAS를 원자적 연산으로 지원해요. SparkSessionCatalog를 사용할 때 RTAS는 지원되지만 원자적이지 않아요.

원자적 테이블 교체는 SELECT 쿼리 결과로 새 스냅샷을 만들지만 테이블 이력은 유지해요.

REPLACE TABLE prod.db.sample
USING iceberg
AS SELECT ...

REPLACE TABLE prod.db.sample
USING iceberg
PARTITIONED BY (part)
TBLPROPERTIES ('key'='value')
AS SELECT ...

CREATE OR REPLACE TABLE prod.db.sample
USING iceberg
AS SELECT ...

변경되면 스키마와 파티션 스펙이 교체돼요. 테이블의 스키마와 파티셔닝을 수정하지 않으려면 REPLACE TABLE 대신 INSERT OVERWRITE를 사용해요. REPLACE TABLE 명령의 새 테이블 속성은 기존 테이블 속성과 병합돼요. 기존 테이블 속성은 변경되면 업데이트되고, 그렇지 않으면 보존돼요.

DROP TABLE

DROP TABLE 동작은 0.14에서 바뀌었어요.

0.14 이전에는 DROP TABLE을 실행하면 카탈로그에서 테이블을 제거하고 테이블 내용도 함께 삭제했어요.

0.14부터는 DROP TABLE이 카탈로그에서 테이블만 제거해요. 테이블 내용을 삭제하려면 DROP TABLE PURGE를 사용해야 해요.

DROP TABLE

카탈로그에서 테이블을 드롭하려면 다음을 실행해요.

DROP TABLE prod.db.sample;
--§ CREATE TABLE ... AS SELECT
CREATE TABLE prod.db.sample
USING iceberg
PARTITIONED BY (part)
TBLPROPERTIES ('key'='value')
AS SELECT ...

REPLACE TABLE ... AS SELECT

아이스버그는 SparkCatalog를 사용할 때 RTAS를 원자적 연산으로 지원해요. SparkSessionCatalog를 사용할 때 RTAS는 지원되지만 원자적이지 않아요.

원자적 테이블 교체는 SELECT 쿼리 결과로 새 스냅샷을 만들지만 테이블 이력은 유지해요.

REPLACE TABLE prod.db.sample
USING iceberg
AS SELECT ...

REPLACE TABLE prod.db.sample
USING iceberg
PARTITIONED BY (part)
TBLPROPERTIES ('key'='value')
AS SELECT ...

CREATE OR REPLACE TABLE prod.db.sample
USING iceberg
AS SELECT ...

변경되면 스키마와 파티션 스펙이 교체돼요. 테이블의 스키마와 파티셔닝을 수정하지 않으려면 REPLACE TABLE 대신 INSERT OVERWRITE를 사용해요. REPLACE TABLE 명령의 새 테이블 속성은 기존 테이블 속성과 병합돼요. 기존 테이블 속성은 변경되면 업데이트되고, 그렇지 않으면 보존돼요.

DROP TABLE

DROP TABLE 동작은 0.14에서 바뀌었어요.

0.14 이전에는 DROP TABLE을 실행하면 카탈로그에서 테이블을 제거하고 테이블 내용도 함께 삭제했어요.

0.14부터는 DROP TABLE이 카탈로그에서 테이블만 제거해요. 테이블 내용을 삭제하려면 DROP TABLE PURGE를 사용해야 해요.

DROP TABLE

카탈로그에서 테이블을 드롭하려면 다음을 실행해요.

DROP TABLE prod.db.sample;
--§ CREATE TABLE ... AS SELECT
REPLACE TABLE ... AS SELECT

아이스버그는 SparkCatalog를 사용할 때 RTAS를 원자적 연산으로 지원해요. SparkSessionCatalog를 사용할 때 RTAS는 지원되지만 원자적이지 않아요.

원자적 테이블 교체는 SELECT 쿼리 결과로 새 스냅샷을 만들지만 테이블 이력은 유지해요.

REPLACE TABLE prod.db.sample
USING iceberg
AS SELECT ...

REPLACE TABLE prod.db.sample
USING iceberg
PARTITIONED BY (part)
TBLPROPERTIES ('key'='value')
AS SELECT ...

CREATE OR REPLACE TABLE prod.db.sample
USING iceberg
AS SELECT ...

변경되면 스키마와 파티션 스펙이 교체돼요. 테이블의 스키마와 파티셔닝을 수정하지 않으려면 REPLACE TABLE 대신 INSERT OVERWRITE를 사용해요. REPLACE TABLE 명령의 새 테이블 속성은 기존 테이블 속성과 병합돼요. 기존 테이블 속성은 변경되면 업데이트되고, 그렇지 않으면 보존돼요.

DROP TABLE

DROP TABLE 동작은 0.14에서 바뀌었어요.

0.14 이전에는 DROP TABLE을 실행하면 카탈로그에서 테이블을 제거하고 테이블 내용도 함께 삭제했어요.

0.14부터는 DROP TABLE이 카탈로그에서 테이블만 제거해요. 테이블 내용을 삭제하려면 DROP TABLE PURGE를 사용해야 해요.

DROP TABLE

카탈로그에서 테이블을 드롭하려면 다음을 실행해요.

DROP TABLE prod.db.sample;
--§ REPLACE TABLE ... AS SELECT
REPLACE TABLE prod.db.sample
USING iceberg
AS SELECT ...

REPLACE TABLE prod.db.sample
USING iceberg
PARTITIONED BY (part)
TBLPROPERTIES ('key'='value')
AS SELECT ...

CREATE OR REPLACE TABLE prod.db.sample
USING iceberg
AS SELECT ...

변경되면 스키마와 파티션 스펙이 교체돼요. 테이블의 스키마와 파티셔닝을 수정하지 않으려면 REPLACE TABLE 대신 INSERT OVERWRITE를 사용해요. REPLACE TABLE 명령의 새 테이블 속성은 기존 테이블 속성과 병합돼요. 기존 테이블 속성은 변경되면 업데이트되고, 그렇지 않으면 보존돼요.

DROP TABLE

DROP TABLE 동작은 0.14에서 바뀌었어요.

0.14 이전에는 DROP TABLE을 실행하면 카탈로그에서 테이블을 제거하고 테이블 내용도 함께 삭제했어요.

0.14부터는 DROP TABLE이 카탈로그에서 테이블만 제거해요. 테이블 내용을 삭제하려면 DROP TABLE PURGE를 사용해야 해요.

DROP TABLE

카탈로그에서 테이블을 드롭하려면 다음을 실행해요.

DROP TABLE prod.db.sample;
--§ REPLACE TABLE ... AS SELECT
REPLACE TABLE prod.db.sample
USING iceberg
PARTITIONED BY (part)
TBLPROPERTIES ('key'='value')
AS SELECT ...

CREATE OR REPLACE TABLE prod.db.sample
USING iceberg
AS SELECT ...

변경되면 스키마와 파티션 스펙이 교체돼요. 테이블의 스키마와 파티셔닝을 수정하지 않으려면 REPLACE TABLE 대신 INSERT OVERWRITE를 사용해요. REPLACE TABLE 명령의 새 테이블 속성은 기존 테이블 속성과 병합돼요. 기존 테이블 속성은 변경되면 업데이트되고, 그렇지 않으면 보존돼요.

DROP TABLE

DROP TABLE 동작은 0.14에서 바뀌었어요.

0.14 이전에는 DROP TABLE을 실행하면 카탈로그에서 테이블을 제거하고 테이블 내용도 함께 삭제했어요.

0.14부터는 DROP TABLE이 카탈로그에서 테이블만 제거해요. 테이블 내용을 삭제하려면 DROP TABLE PURGE를 사용해야 해요.

DROP TABLE

카탈로그에서 테이블을 드롭하려면 다음을 실행해요.

DROP TABLE prod.db.sample;
--§ REPLACE TABLE ... AS SELECT
CREATE OR REPLACE TABLE prod.db.sample
USING iceberg
AS SELECT ...

변경되면 스키마와 파티션 스펙이 교체돼요. 테이블의 스키마와 파티셔닝을 수정하지 않으려면 REPLACE TABLE 대신 INSERT OVERWRITE를 사용해요. REPLACE TABLE 명령의 새 테이블 속성은 기존 테이블 속성과 병합돼요. 기존 테이블 속성은 변경되면 업데이트되고, 그렇지 않으면 보존돼요.

DROP TABLE

DROP TABLE 동작은 0.14에서 바뀌었어요.

0.14 이전에는 DROP TABLE을 실행하면 카탈로그에서 테이블을 제거하고 테이블 내용도 함께 삭제했어요.

0.14부터는 DROP TABLE이 카탈로그에서 테이블만 제거해요. 테이블 내용을 삭제하려면 DROP TABLE PURGE를 사용해야 해요.

DROP TABLE

카탈로그에서 테이블을 드롭하려면 다음을 실행해요.

DROP TABLE prod.db.sample;
--§ REPLACE TABLE ... AS SELECT
DROP TABLE

DROP TABLE 동작은 0.14에서 바뀌었어요.

0.14 이전에는 DROP TABLE을 실행하면 카탈로그에서 테이블을 제거하고 테이블 내용도 함께 삭제했어요.

0.14부터는 DROP TABLE이 카탈로그에서 테이블만 제거해요. 테이블 내용을 삭제하려면 DROP TABLE PURGE를 사용해야 해요.

DROP TABLE

카탈로그에서 테이블을 드롭하려면 다음을 실행해요.

DROP TABLE prod.db.sample;
--§ DROP TABLE
DROP TABLE 동작은 0.14에서 바뀌었어요.

0.14 이전에는 DROP TABLE을 실행하면 카탈로그에서 테이블을 제거하고 테이블 내용도 함께 삭제했어요.

0.14부터는 DROP TABLE이 카탈로그에서 테이블만 제거해요. 테이블 내용을 삭제하려면 DROP TABLE PURGE를 사용해야 해요.

DROP TABLE

카탈로그에서 테이블을 드롭하려면 다음을 실행해요.

DROP TABLE prod.db.sample;
--§ DROP TABLE
DROP TABLE

카탈로그에서 테이블을 드롭하려면 다음을 실행해요.

DROP TABLE prod.db.sample;
--§ DROP TABLE
DROP TABLE prod.db.sample;
--§ DROP TABLE
DROP TABLE PURGE

카탈로그에서 테이블을 드롭하고 테이블의 내용을 삭제하려면 다음을 실행해요.

DROP TABLE prod.db.sample PURGE;
--§ DROP TABLE PURGE
DROP TABLE prod.db.sample PURGE;
--§ DROP TABLE PURGE
ALTER TABLE

아이스버그는 Spark 3에서 완전한 ALTER TABLE 지원을 제공해요.

  • 테이블 이름 변경
  • 테이블 속성 설정 또는 제거
  • 컬럼 추가, 삭제, 이름 변경
  • 중첩 필드 추가, 삭제, 이름 변경
  • 최상위 컬럼과 중첩 struct 필드 순서 변경
  • int, float, decimal 필드 타입 확장
  • 필수 컬럼을 선택적으로 만들기

또한 SQL 확장을 사용해서 파티션 진화 지원과 테이블 쓰기 순서 설정을 추가할 수 있어요.

Hive 카탈로그 제한 (Hive Catalog Limitation)

Hive Metastore(HMS)는 컬럼 타입을 위치적으로 비교해서 스키마 변경을 검증해요(hive.metastore.disallow.incompatible.col.type.changes, 기본값 true). Hive 카탈로그를 사용할 때 컬럼 위치를 바꾸는 어떤 스키마 진화 연산도 실패해요. 영향받는 연산은 다음과 같아요.

  • FIRST 또는 AFTER 절이 있는 ADD COLUMN
  • FIRST 또는 AFTER 절이 있는 ALTER COLUMN (재정렬)
  • 마지막이 아닌 컬럼의 DROP COLUMN

이를 우회하려면 hive.metastore.disallow.incompatible.col.type.changes=false로 설정해서 HMS 스키마 호환성 검사를 비활성화해요.

  • 원격 HMS: HMS 서버의 hive-site.xml에 이 속성을 설정해요.
  • 임베디드 HMS: 스파크를 시작할 때 --conf spark.hadoop.hive.metastore.disallow.incompatible.col.type.changes=false를 전달해요.

트레이드오프: 이 검사를 비활성화한 후에는 Hive Metastore의 스키마 불일치로 인해 Hive 엔진이 테이블을 올바르게 읽지 못할 수 있어요. 아이스버그를 아는 엔진(Spark, Flink, Trino 등)은 HMS가 아니라 아이스버그 메타데이터에서 스키마를 읽으므로 계속 올바르게 동작해요.

ALTER TABLE ... RENAME TO

ALTER TABLE prod.db.sample RENAME TO prod.db.new_name;
--§ Hive 카탈로그 제한 (Hive Catalog Limitation)
ALTER TABLE ... RENAME TO

ALTER TABLE prod.db.sample RENAME TO prod.db.new_name;
--§ ALTER TABLE ... RENAME TO
ALTER TABLE prod.db.sample RENAME TO prod.db.new_name;
--§ ALTER TABLE ... RENAME TO
ALTER TABLE ... SET TBLPROPERTIES

ALTER TABLE prod.db.sample SET TBLPROPERTIES (
    'read.split.target-size'='268435456'
);
--§ ALTER TABLE ... SET TBLPROPERTIES
ALTER TABLE prod.db.sample SET TBLPROPERTIES (
    'read.split.target-size'='268435456'
);
--§ ALTER TABLE ... SET TBLPROPERTIES
ALTER TABLE prod.db.sample UNSET TBLPROPERTIES ('read.split.target-size');
--§ ALTER TABLE ... SET TBLPROPERTIES
ALTER TABLE prod.db.sample SET TBLPROPERTIES (
    'comment' = 'A table comment.'
);
--§ ALTER TABLE ... SET TBLPROPERTIES
ALTER TABLE ... ADD COLUMN

아이스버그에 컬럼을 추가하려면 ALTER TABLE과 함께 ADD COLUMNS 절을 사용해요.

ALTER TABLE prod.db.sample
ADD COLUMNS (
    new_column string comment 'new_column docs'
);
--§ ALTER TABLE ... ADD COLUMN
ALTER TABLE prod.db.sample
ADD COLUMNS (
    new_column string comment 'new_column docs'
);
--§ ALTER TABLE ... ADD COLUMN
ALTER TABLE prod.db.sample
ADD COLUMN point struct<x: double, y: double>;
--§ ALTER TABLE ... ADD COLUMN
ALTER TABLE prod.db.sample
ADD COLUMN point.z double;
--§ ALTER TABLE ... ADD COLUMN
ALTER TABLE prod.db.sample
ADD COLUMN points array<struct<x: double, y: double>>;
--§ ALTER TABLE ... ADD COLUMN
ALTER TABLE prod.db.sample
ADD COLUMN points.element.z double;
--§ ALTER TABLE ... ADD COLUMN
ALTER TABLE prod.db.sample
ADD COLUMN points map<struct<x: int>, struct<a: int>>;
--§ ALTER TABLE ... ADD COLUMN
ALTER TABLE prod.db.sample
ADD COLUMN points.value.b int;
--§ ALTER TABLE ... ADD COLUMN
ALTER TABLE prod.db.sample
ADD COLUMN new_column bigint AFTER other_column;
--§ ALTER TABLE ... ADD COLUMN
ALTER TABLE prod.db.sample
ADD COLUMN nested.new_column bigint FIRST;
--§ Hive 카탈로그 제한 (Hive Catalog Limitation)
ALTER TABLE ... RENAME COLUMN

아이스버그는 어떤 필드든 이름을 바꿀 수 있어요. 필드 이름을 바꾸려면 RENAME COLUMN을 사용해요.

ALTER TABLE prod.db.sample RENAME COLUMN data TO payload;
--§ ALTER TABLE ... RENAME COLUMN
ALTER TABLE prod.db.sample RENAME COLUMN data TO payload;
--§ ALTER TABLE ... RENAME COLUMN
ALTER TABLE prod.db.sample RENAME COLUMN location.lat TO latitude;
--§ ALTER TABLE ... RENAME COLUMN
ALTER TABLE ... ALTER COLUMN

Alter column은 타입을 확장하고, 필드를 선택적으로 만들고, 주석을 설정하고, 필드를 재정렬하는 데 사용돼요.

아이스버그는 업데이트가 안전할 때 컬럼 타입 업데이트를 허용해요. 안전한 업데이트는:

  • int에서 bigint로
  • float에서 double로
  • decimal(P,S)에서 P2 > P일 때 decimal(P2,S)로 (스케일은 변경 불가)
ALTER TABLE prod.db.sample ALTER COLUMN measurement TYPE double;
--§ ALTER TABLE ... ALTER COLUMN
ALTER TABLE prod.db.sample ALTER COLUMN measurement TYPE double;
--§ ALTER TABLE ... ALTER COLUMN
ALTER TABLE prod.db.sample ALTER COLUMN measurement TYPE double COMMENT 'unit is bytes per second';
--§ ALTER TABLE ... ALTER COLUMN
ALTER TABLE prod.db.sample ALTER COLUMN measurement COMMENT 'unit is kilobytes per second';
--§ ALTER TABLE ... ALTER COLUMN
ALTER TABLE prod.db.sample ALTER COLUMN col FIRST;
--§ ALTER TABLE ... ALTER COLUMN
ALTER TABLE prod.db.sample ALTER COLUMN nested.col AFTER other_col;
--§ Hive 카탈로그 제한 (Hive Catalog Limitation)
ALTER TABLE prod.db.sample ALTER COLUMN id DROP NOT NULL;
--§ Hive 카탈로그 제한 (Hive Catalog Limitation)
ALTER COLUMN은 struct 타입을 업데이트하는 데 사용되지 않아요. struct 필드를 추가하거나 제거하려면 ADD COLUMN과 DROP COLUMN을 사용해주세요.

ALTER TABLE ... DROP COLUMN

컬럼을 드롭하려면 ALTER TABLE ... DROP COLUMN을 사용해요.

ALTER TABLE prod.db.sample DROP COLUMN id;
--§ Hive 카탈로그 제한 (Hive Catalog Limitation)
ALTER TABLE ... DROP COLUMN

컬럼을 드롭하려면 ALTER TABLE ... DROP COLUMN을 사용해요.

ALTER TABLE prod.db.sample DROP COLUMN id;
--§ ALTER TABLE ... DROP COLUMN
ALTER TABLE prod.db.sample DROP COLUMN id;
--§ ALTER TABLE ... DROP COLUMN
ALTER TABLE prod.db.sample DROP COLUMN point.z;
--§ Hive 카탈로그 제한 (Hive Catalog Limitation)
ALTER TABLE SQL 확장 (ALTER TABLE SQL extensions)

이 명령들은 아이스버그 SQL 확장을 사용할 때 Spark 3에서 사용할 수 있어요.

ALTER TABLE ... ADD PARTITION FIELD

아이스버그는 ADD PARTITION FIELD를 사용해 스펙에 새 파티션 필드를 추가하는 것을 지원해요.

ALTER TABLE prod.db.sample ADD PARTITION FIELD catalog;
--§ ALTER TABLE SQL 확장 (ALTER TABLE SQL extensions)
ALTER TABLE ... ADD PARTITION FIELD

아이스버그는 ADD PARTITION FIELD를 사용해 스펙에 새 파티션 필드를 추가하는 것을 지원해요.

ALTER TABLE prod.db.sample ADD PARTITION FIELD catalog;
--§ ALTER TABLE ... ADD PARTITION FIELD
ALTER TABLE prod.db.sample ADD PARTITION FIELD catalog;
--§ ALTER TABLE ... ADD PARTITION FIELD
ALTER TABLE prod.db.sample ADD PARTITION FIELD bucket(16, id);
--§ ALTER TABLE ... ADD PARTITION FIELD
ALTER TABLE prod.db.sample ADD PARTITION FIELD truncate(4, data);
--§ ALTER TABLE ... ADD PARTITION FIELD
ALTER TABLE prod.db.sample ADD PARTITION FIELD year(ts);
--§ ALTER TABLE ... ADD PARTITION FIELD
ALTER TABLE prod.db.sample ADD PARTITION FIELD bucket(16, id) AS shard;
--§ ALTER TABLE ... ADD PARTITION FIELD
ALTER TABLE ... DROP PARTITION FIELD

파티션 필드는 DROP PARTITION FIELD를 사용해 제거할 수 있어요.

ALTER TABLE prod.db.sample DROP PARTITION FIELD catalog;
--§ ALTER TABLE ... DROP PARTITION FIELD
ALTER TABLE prod.db.sample DROP PARTITION FIELD catalog;
--§ ALTER TABLE ... DROP PARTITION FIELD
ALTER TABLE prod.db.sample DROP PARTITION FIELD bucket(16, id);
--§ ALTER TABLE ... DROP PARTITION FIELD
ALTER TABLE prod.db.sample DROP PARTITION FIELD truncate(4, data);
--§ ALTER TABLE ... DROP PARTITION FIELD
ALTER TABLE prod.db.sample DROP PARTITION FIELD year(ts);
--§ ALTER TABLE ... DROP PARTITION FIELD
ALTER TABLE prod.db.sample DROP PARTITION FIELD shard;
--§ ALTER TABLE ... DROP PARTITION FIELD
ALTER TABLE ... REPLACE PARTITION FIELD

REPLACE PARTITION FIELD를 사용하면 단일 메타데이터 업데이트에서 파티션 필드를 새 파티션 필드로 교체할 수 있어요.

ALTER TABLE prod.db.sample REPLACE PARTITION FIELD ts_day WITH day(ts);
--§ ALTER TABLE ... REPLACE PARTITION FIELD
REPLACE PARTITION FIELD를 사용하면 단일 메타데이터 업데이트에서 파티션 필드를 새 파티션 필드로 교체할 수 있어요.

ALTER TABLE prod.db.sample REPLACE PARTITION FIELD ts_day WITH day(ts);
--§ ALTER TABLE ... REPLACE PARTITION FIELD
ALTER TABLE prod.db.sample REPLACE PARTITION FIELD ts_day WITH day(ts);
--§ ALTER TABLE ... REPLACE PARTITION FIELD
ALTER TABLE prod.db.sample REPLACE PARTITION FIELD ts_day WITH day(ts) AS day_of_ts;
