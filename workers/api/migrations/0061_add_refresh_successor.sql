-- Refresh reuse grace (issue 38, docs/decisions/0038): the token a refresh issued in place of this one, and that pair
-- (access and refresh token) sealed with a key derived from this token's secret, which is never stored. For a few
-- seconds after the rotation, this token presented again hands back the same pair (two tabs refreshing at once);
-- later, or once the successor is used, it revokes the family as before.
ALTER TABLE refresh_tokens ADD COLUMN successor_id TEXT;
ALTER TABLE refresh_tokens ADD COLUMN successor_sealed TEXT;
