-- The lab's own toy, not the study's: stocked so deep that no run sells it out. Steps that must
-- compare buys that all succeed (the lab against wrk, seed 002's database sweep) buy it, so that
-- neither side meets a sold-out toy the other did not.
insert into toy (name, name_key, price_cents, quantity) values
    ('Kite', 'kite', 1099, 1000000000);
