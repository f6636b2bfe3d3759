-- One database per service that has one; run by the postgres image on its first start only.
CREATE DATABASE catalog;
CREATE DATABASE orders;
