-- A customer's last_activity_at moved at most once a minute; it is now the time of their latest message, which
-- the list both sorts on and shows (decision 042). Bring every customer up to their conversations' latest
-- activity, the time the list showed until now; it never moves back.
UPDATE customers cu SET last_activity_at = m.latest
FROM (SELECT customer_id, max(last_activity_at) AS latest FROM conversations GROUP BY customer_id) m
WHERE m.customer_id = cu.id AND (cu.last_activity_at IS NULL OR cu.last_activity_at < m.latest);
