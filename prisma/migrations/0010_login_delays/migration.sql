-- Sign-in failures wait after their last failure, a wait that grows with each (api/src/services/login-throttle.ts):
-- the time kept is the last failure's, no longer a window's start.
ALTER TABLE "login_throttle" RENAME COLUMN "window_start" TO "last_failure_at";
