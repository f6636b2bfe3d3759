-- The catalog's stock. name_key is the lower-case name: lookups ignore case.
create table toy (
    name        varchar(64) primary key,
    name_key    varchar(64) not null unique,
    price_cents bigint      not null,
    quantity    integer     not null,
    constraint toy_quantity_never_negative check (quantity >= 0)
);

-- One row per order that took stock: makes Buy idempotent per order id.
create table toy_purchase (
    order_id    bigint      primary key,
    toy_name    varchar(64) not null references toy (name),
    quantity    integer     not null,
    created_at  timestamp   not null default current_timestamp
);

insert into toy (name, name_key, price_cents, quantity) values
    ('Tux',      'tux',      1599, 100),
    ('Whale',    'whale',    3499, 100),
    ('Fox',      'fox',      1249, 100),
    ('Python',   'python',   2299, 100),
    ('Barbie',   'barbie',   1999, 100),
    ('Lego',     'lego',     4999, 100),
    ('Monopoly', 'monopoly', 2999, 100),
    ('Frisbee',  'frisbee',   899, 100),
    ('Marbles',  'marbles',   549, 100),
    ('Giraffe',  'giraffe',  2499, 100);
