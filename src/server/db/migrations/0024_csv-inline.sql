-- A staged product (the file's product, its planned rows and log: about 3 kB) stays inline and
-- uncompressed: compressing it on staging and decompressing it for each of the job's three inserts
-- cost more than the rows' writes. Rows over 8 kB are still moved out of line.
ALTER TABLE "csv_import_products" SET (toast_tuple_target = 8160);
