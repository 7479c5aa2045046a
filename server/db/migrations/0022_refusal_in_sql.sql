-- A refusal decided by the statement that takes a lock (issue 14): a checkout's admission and a
-- ticket's confirmation raise it when the seats do not fit, which aborts their transaction, so
-- its COMMIT may be written right behind that statement (server/db/commit-behind.ts). SQLSTATE
-- SJ409 names it; the message is the verdict (`cancelled`, `over`, `missing`, `left:N`), which
-- server/modules/events/seats.ts turns into the buyer's sentence.
CREATE FUNCTION "samaj_refuse"(verdict text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'SJ409', MESSAGE = verdict;
END
$$;
