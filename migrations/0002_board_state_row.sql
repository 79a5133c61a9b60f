-- The board version row always exists, so readers never have to handle "no version yet".
INSERT INTO "board_state" ("id", "version", "refreshed_at") VALUES (1, 'initial', now()) ON CONFLICT ("id") DO NOTHING;
