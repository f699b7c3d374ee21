-- The examples of the specification's 001_a1b89c5baa95dee6.txt, as its tests run them (written by SpecificationCoverageTest; do not edit by hand).
--§ SQL로 쿼리하기 (Querying with SQL)
SELECT * FROM prod.db.table;
--§ SQL로 쿼리하기 (Querying with SQL)
SELECT * FROM prod.db.table.files;
--§ 스파크 SQL 함수 (Spark SQL functions)
SELECT system.iceberg_version();
--§ 스파크 SQL 함수 (Spark SQL functions)
SELECT system.bucket(16, id), system.days(ts)
FROM prod.db.table;
--§ 스파크 SQL 함수 (Spark SQL functions)
SELECT prod.system.bucket(16, id)
FROM prod.db.table;
--§ 스파크 SQL 함수 (Spark SQL functions)
SELECT system.iceberg_version();
--§ 스파크 SQL 함수 (Spark SQL functions)
SELECT system.bucket(16, id) FROM prod.db.table;
--§ 스파크 SQL 함수 (Spark SQL functions)
SELECT system.years(ts) FROM prod.db.table;
--§ 스파크 SQL 함수 (Spark SQL functions)
SELECT system.months(ts) FROM prod.db.table;
--§ 스파크 SQL 함수 (Spark SQL functions)
SELECT * FROM prod.db.table WHERE system.days(ts) = date('2025-03-01');
--§ 스파크 SQL 함수 (Spark SQL functions)
SELECT system.hours(ts) FROM prod.db.table;
--§ 스파크 SQL 함수 (Spark SQL functions)
SELECT system.truncate(4, data) FROM prod.db.table;
--§ SQL로 타임 트래블 쿼리 (Time travel Queries with SQL)
SELECT * FROM prod.db.table TIMESTAMP AS OF '1986-10-26 01:21:00';
--§ SQL로 타임 트래블 쿼리 (Time travel Queries with SQL)
SELECT * FROM prod.db.table VERSION AS OF 10963874102873;
--§ SQL로 타임 트래블 쿼리 (Time travel Queries with SQL)
SELECT * FROM prod.db.table VERSION AS OF 'audit-branch';
--§ SQL로 타임 트래블 쿼리 (Time travel Queries with SQL)
SELECT * FROM prod.db.table VERSION AS OF 'historical-snapshot';
--§ SQL로 타임 트래블 쿼리 (Time travel Queries with SQL)
SELECT * FROM prod.db.table FOR SYSTEM_TIME AS OF '1986-10-26 01:21:00';
--§ SQL로 타임 트래블 쿼리 (Time travel Queries with SQL)
SELECT * FROM prod.db.table FOR SYSTEM_VERSION AS OF 10963874102873;
--§ SQL로 타임 트래블 쿼리 (Time travel Queries with SQL)
SELECT * FROM prod.db.table FOR SYSTEM_VERSION AS OF 'audit-branch';
--§ SQL로 타임 트래블 쿼리 (Time travel Queries with SQL)
SELECT * FROM prod.db.table FOR SYSTEM_VERSION AS OF 'historical-snapshot';
--§ SQL로 타임 트래블 쿼리 (Time travel Queries with SQL)
SELECT * FROM prod.db.table TIMESTAMP AS OF 499162860;
--§ SQL로 타임 트래블 쿼리 (Time travel Queries with SQL)
SELECT * FROM prod.db.table FOR SYSTEM_TIME AS OF 499162860;
--§ SQL로 타임 트래블 쿼리 (Time travel Queries with SQL)
SELECT * FROM prod.db.table.`branch_audit-branch`;
--§ SQL로 타임 트래블 쿼리 (Time travel Queries with SQL)
SELECT * FROM prod.db.table.`tag_historical-snapshot`;
--§ 타임 트래블 쿼리의 스키마 선택 (Schema selection in time travel queries)
SELECT * FROM prod.db.table TIMESTAMP AS OF '1986-10-26 01:21:00';
--§ 타임 트래블 쿼리의 스키마 선택 (Schema selection in time travel queries)
SELECT * FROM prod.db.table VERSION AS OF 10963874102873;
--§ 타임 트래블 쿼리의 스키마 선택 (Schema selection in time travel queries)
SELECT * FROM prod.db.table VERSION AS OF 'audit-branch';
--§ 타임 트래블 쿼리의 스키마 선택 (Schema selection in time travel queries)
SELECT * FROM prod.db.table.`branch_audit-branch`;
--§ 타임 트래블 쿼리의 스키마 선택 (Schema selection in time travel queries)
SELECT * FROM prod.db.table VERSION AS OF 'historical-snapshot';
--§ 타임 트래블 쿼리의 스키마 선택 (Schema selection in time travel queries)
SELECT * FROM prod.db.table.`tag_historical-snapshot`;
--§ 타임 트래블 쿼리의 스키마 선택 (Schema selection in time travel queries)
CREATE TABLE prod.db.orders (
  id BIGINT,
  status STRING
) USING iceberg;
--§ 타임 트래블 쿼리의 스키마 선택 (Schema selection in time travel queries)
INSERT INTO prod.db.orders VALUES (1, 'NEW'), (2, 'PAID');
--§ 타임 트래블 쿼리의 스키마 선택 (Schema selection in time travel queries)
ALTER TABLE prod.db.orders ADD COLUMN total DOUBLE;
--§ 타임 트래블 쿼리의 스키마 선택 (Schema selection in time travel queries)
INSERT INTO prod.db.orders VALUES (3, 'PAID', 100.0);
--§ 타임 트래블 쿼리의 스키마 선택 (Schema selection in time travel queries)
SELECT * FROM prod.db.orders VERSION AS OF 101;
--§ 타임 트래블 쿼리의 스키마 선택 (Schema selection in time travel queries)
SELECT * FROM prod.db.orders TIMESTAMP AS OF '2025-01-01 10:00:00';
--§ 타임 트래블 쿼리의 스키마 선택 (Schema selection in time travel queries)
ALTER TABLE prod.db.orders CREATE BRANCH audit_branch AS OF VERSION 101;
--§ 타임 트래블 쿼리의 스키마 선택 (Schema selection in time travel queries)
ALTER TABLE prod.db.orders CREATE TAG first_load AS OF VERSION 101;
--§ 타임 트래블 쿼리의 스키마 선택 (Schema selection in time travel queries)
SELECT * FROM prod.db.orders VERSION AS OF 'audit_branch';
--§ 타임 트래블 쿼리의 스키마 선택 (Schema selection in time travel queries)
SELECT * FROM prod.db.orders.`branch_audit_branch`;
--§ 타임 트래블 쿼리의 스키마 선택 (Schema selection in time travel queries)
SELECT * FROM prod.db.orders VERSION AS OF 'first_load';
--§ 타임 트래블 쿼리의 스키마 선택 (Schema selection in time travel queries)
SELECT * FROM prod.db.orders.`tag_first_load`;
--§ 이력 (History)
SELECT * FROM prod.db.table.history;
--§ 메타데이터 로그 항목 (Metadata Log Entries)
SELECT * from prod.db.table.metadata_log_entries;
--§ 스냅샷 (Snapshots)
SELECT * FROM prod.db.table.snapshots;
--§ 스냅샷 (Snapshots)
select
    h.made_current_at,
    s.operation,
    h.snapshot_id,
    h.is_current_ancestor,
    s.summary['spark.app.id']
from prod.db.table.history h
join prod.db.table.snapshots s
  on h.snapshot_id = s.snapshot_id
order by made_current_at;
--§ 엔트리 (Entries)
SELECT * FROM prod.db.table.entries;
--§ 파일 (Files)
SELECT * FROM prod.db.table.files;
--§ 매니페스트 (Manifests)
SELECT * FROM prod.db.table.manifests;
--§ 파티션 (Partitions)
SELECT * FROM prod.db.table.partitions;
--§ 포지션 삭제 파일 (Positional Delete Files)
SELECT * from prod.db.table.position_deletes;
--§ 모든 데이터 파일 (All Data Files)
SELECT * FROM prod.db.table.all_data_files;
--§ 모든 삭제 파일 (All Delete Files)
SELECT * FROM prod.db.table.all_delete_files;
--§ 모든 엔트리 (All Entries)
SELECT * FROM prod.db.table.all_entries;
--§ 모든 매니페스트 (All Manifests)
SELECT * FROM prod.db.table.all_manifests;
--§ 참조 (References)
SELECT * FROM prod.db.table.refs;
--§ 메타데이터 테이블로 타임 트래블 (Time Travel with Metadata Tables)
SELECT * FROM prod.db.table.manifests TIMESTAMP AS OF '2021-09-20 08:00:00';
--§ 메타데이터 테이블로 타임 트래블 (Time Travel with Metadata Tables)
SELECT * FROM prod.db.table.partitions VERSION AS OF 10963874102873;
