SELECT
  decided."line",
  CASE decided.step
    WHEN 0 THEN 'BLOCK'
    WHEN 1 THEN decided.entry_action
    WHEN 5 THEN 'BLOCK'
    WHEN 6 THEN 'BLOCK'
    WHEN 7 THEN 'ALERT'
    ELSE 'ALLOW'
  END AS "action",
  CASE decided.step
    WHEN 0 THEN 'sanctions-floor'
    WHEN 1 THEN 'address-entry'
    WHEN 2 THEN 'policy-disabled'
    WHEN 3 THEN 'pre-screen'
    WHEN 4 THEN 'terminal-allow'
    WHEN 5 THEN 'level'
    WHEN 6 THEN 'ransomware-owner'
    WHEN 7 THEN 'gambling'
  END AS "decided_by"
FROM (
  SELECT
    s."line",
    NULL AS entry_action,
    CASE
      WHEN COALESCE(s."sanctioned", FALSE) THEN 0
      WHEN (s."signals"."riskLevel" IN ('high', 'severe')) THEN 5
      WHEN (len(list_filter(s."signals"."indicators", lambda i: i."category" = 'ransomware' AND i."riskType" = 'ownership' AND i."volumeUsd" >= 0E0)) > 0) THEN 6
      WHEN (s."signals"."entity"."category" = 'gambling') THEN 7
      ELSE 4
    END AS step
  FROM screenings AS s
) AS decided
