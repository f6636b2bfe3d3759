-- Tables, and their entities: schemaless properties (a JSON object) under a partition key and a
-- row key, the only index, as in the study's Azure Table storage. etag counts the entity's writes.
create table lab_table (
    name       varchar(63) primary key,
    created_at timestamp   not null default current_timestamp
);

create table entity (
    table_name    varchar(63)      not null references lab_table (name) on delete cascade,
    partition_key varchar(255)     not null,
    row_key       varchar(255)     not null,
    properties    varchar(1048576) not null,
    etag          bigint           not null,
    updated_at    timestamp        not null default current_timestamp,
    primary key (table_name, partition_key, row_key)
);
