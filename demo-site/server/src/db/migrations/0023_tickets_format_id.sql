-- The participants' export (issue 36): each page of 1,000 is read per format along this index, after the last
-- ticket id sent, instead of joining every ticket left in the event city and sorting them for each page
-- (100,122 participants: 268 → a few ms a page in the middle of the export).
CREATE INDEX "tickets_format_id_idx" ON "tickets" ("format_id", "id");
