-- One row that the Floor service's Commit updates: a commit of one small row, with the catalog's
-- own database settings, apart from the stock so that it takes no toy's row lock.
create table floor_probe (
    id       int    primary key,
    commits  bigint not null
);
insert into floor_probe (id, commits) values (1, 0);
