-- The examples of the specification's 004_094c323f4aaef060.txt, as its tests run them (written by SpecificationCoverageTest; do not edit by hand).
--§ rollback_to_snapshot
CALL catalog_name.system.rollback_to_snapshot('db.sample', 1)
--§ rollback_to_timestamp
CALL spark_catalog.system.rollback_to_timestamp('db.sample', TIMESTAMP '2021-06-30 00:00:00.000')
--§ set_current_snapshot
CALL spark_catalog.system.set_current_snapshot('db.sample', 1)
--§ set_current_snapshot
CALL spark_catalog.system.set_current_snapshot(table => 'db.sample', ref => 's1')
--§ cherrypick_snapshot
CALL spark_catalog.system.cherrypick_snapshot('my_table', 1)
--§ cherrypick_snapshot
CALL spark_catalog.system.cherrypick_snapshot(snapshot_id => 1, table => 'my_table' )
--§ publish_changes
CALL spark_catalog.system.publish_changes('my_table', 'wap_id_1')
--§ publish_changes
CALL spark_catalog.system.publish_changes(wap_id => 'wap_id_2', table => 'my_table')
--§ fast_forward
CALL spark_catalog.system.fast_forward('my_table', 'main', 'audit-branch')
--§ expire_snapshots
CALL spark_catalog.system.expire_snapshots('db.sample', TIMESTAMP '2021-06-30 00:00:00.000', 100)
--§ expire_snapshots
CALL spark_catalog.system.expire_snapshots('db.sample', snapshot_ids => array(123))
--§ remove_orphan_files
CALL spark_catalog.system.remove_orphan_files(table => 'db.sample', dry_run => true)
--§ remove_orphan_files
CALL spark_catalog.system.remove_orphan_files(table => 'db.sample', location => 'tablelocation/data')
--§ remove_orphan_files
CALL spark_catalog.system.remove_orphan_files(table => 'db.sample', file_list_view => 'files_view')
--§ remove_orphan_files
CALL spark_catalog.system.remove_orphan_files(table => 'db.sample', prefix_mismatch_mode => 'IGNORE')
--§ remove_orphan_files
CALL spark_catalog.system.remove_orphan_files(table => 'db.sample', prefix_mismatch_mode => 'DELETE')
--§ remove_orphan_files
CALL spark_catalog.system.remove_orphan_files(table => 'db.sample', equal_schemes => map('file', 'file1'))
--§ remove_orphan_files
CALL spark_catalog.system.remove_orphan_files(table => 'db.sample', equal_authorities => map('ns1', 'ns2'))
--§ remove_orphan_files
CALL catalog_name.system.remove_orphan_files(table => 'db.sample', prefix_listing => true)
--§ rewrite_data_files Iceberg
CALL spark_catalog.system.rewrite_data_files('db.sample')
--§ rewrite_data_files Iceberg
CALL spark_catalog.system.rewrite_data_files(table => 'db.sample', strategy => 'sort', sort_order => 'id DESC NULLS LAST,name ASC NULLS FIRST')
--§ rewrite_data_files Iceberg
CALL spark_catalog.system.rewrite_data_files(table => 'db.sample', strategy => 'sort', sort_order => 'zorder(c1,c2)')
--§ rewrite_data_files Iceberg
CALL spark_catalog.system.rewrite_data_files(table => 'db.sample', options => map('min-input-files', '2', 'remove-dangling-deletes', 'true'))
--§ rewrite_data_files Iceberg
CALL spark_catalog.system.rewrite_data_files(table => 'db.sample', where => 'id = 3 and name = "foo"')
--§ rewrite_manifests
CALL spark_catalog.system.rewrite_manifests('db.sample')
--§ rewrite_manifests
CALL spark_catalog.system.rewrite_manifests('db.sample', false)
--§ rewrite_position_delete_files Iceberg
CALL spark_catalog.system.rewrite_position_delete_files('db.sample')
--§ rewrite_position_delete_files Iceberg
CALL spark_catalog.system.rewrite_position_delete_files(table => 'db.sample', options => map('rewrite-all', 'true'))
--§ rewrite_position_delete_files Iceberg
CALL spark_catalog.system.rewrite_position_delete_files(table => 'db.sample', options => map('min-input-files','2'))
--§ snapshot
CALL spark_catalog.system.snapshot('db.sample', 'db.snap')
--§ migrate
CALL spark_catalog.system.migrate('spark_catalog.db.sample', map('foo', 'bar'))
--§ migrate
CALL spark_catalog.system.migrate('db.sample')
--§ add_files
CALL spark_catalog.system.add_files( table => 'db.tbl', source_table => 'db.src_tbl', partition_filter => map('part_col_1', 'A') )
--§ add_files
CALL spark_catalog.system.add_files( table => 'db.tbl', source_table => '`parquet`.`path/to/table`' )
--§ register_table
CALL spark_catalog.system.register_table( table => 'db.tbl', metadata_file => 'path/to/metadata/file.json' )
--§ ancestors_of
CALL spark_catalog.system.ancestors_of('db.tbl')
--§ ancestors_of
CALL spark_catalog.system.ancestors_of('db.tbl', 1)
--§ ancestors_of
CALL spark_catalog.system.ancestors_of(snapshot_id => 1, table => 'db.tbl')
--§ create_changelog_view
CALL spark_catalog.system.create_changelog_view( table => 'db.tbl', options => map('start-snapshot-id','1','end-snapshot-id', '2'))
--§ create_changelog_view
CALL spark_catalog.system.create_changelog_view( table => 'db.tbl', options => map('start-timestamp','1678335750489','end-timestamp', '1678992105265'), changelog_view => 'my_changelog_view' )
--§ create_changelog_view
CALL spark_catalog.system.create_changelog_view( table => 'db.tbl', options => map('start-snapshot-id','1','end-snapshot-id', '2'), identifier_columns => array('id', 'name') )
--§ create_changelog_view
CALL spark_catalog.system.create_changelog_view( table => 'db.tbl', options => map('end-snapshot-id', '87647489814522183702'), net_changes => true )
--§ compute_table_stats
CALL catalog_name.system.compute_table_stats('my_table')
--§ compute_table_stats
CALL catalog_name.system.compute_table_stats(table => 'my_table', snapshot_id => 'snap1' )
--§ compute_table_stats
CALL catalog_name.system.compute_table_stats(table => 'my_table', snapshot_id => 'snap1', columns => array('col1', 'col2'))
--§ compute_partition_stats
CALL catalog_name.system.compute_partition_stats('my_table')
--§ compute_partition_stats
CALL catalog_name.system.compute_partition_stats(table => 'my_table', snapshot_id => 'snap1')
--§ 表复制 rewrite
CALL catalog_name.system.rewrite_table_path( table => 'db.my_table', source_prefix => 'obs://bucket/path/to/source_table', target_prefix => 'obs://bucket/prefix/db.db/my_table' )
--§ 表复制 rewrite
CALL catalog_name.system.rewrite_table_path( table => 'db.my_table', source_prefix => 'obs://bucketOne/prefix/db.db/my_table', target_prefix => 'obs://bucketTwo/prefix/db.db/my_table', start_version => 'v2.metadata.json', end_version => 'v20.metadata.json', staging_location => 'obs://bucketStaging/my_table' )
