package reward

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"biddesk/internal/platform/db"
)

// The decisions on money and claims are each serialised on a key (db.Tx.Lock: an advisory lock on PostgreSQL, the
// immediate transaction on SQLite), so that two at the same moment decide as if one came after the other:
//   - lockApplicantYear: a decision on an application, per applicant and calendar year of the bid date: the yearly
//     cap's sum and the payment, and the application's state (no double decision);
//   - lockRule: a rule's versions, per kind and level: a new or deleted version against the approvals paid by it;
//   - lockClaim: an application, per certificate number and tender: the duplicate check and the insert.
//
// A transaction takes its classes in this order (db.Tx.Lock).
const (
	lockApplicantYear db.LockClass = 7401
	lockRule          db.LockClass = 7402
	lockClaim         db.LockClass = 7403
)

func ruleKey(kind, level string) string { return kind + "\x00" + level }

func claimKey(certNumber string, tenderID int64) string {
	return certNumber + "\x00" + strconv.FormatInt(tenderID, 10)
}

// lockDecisions takes the locks of deciding the applications ids (sorted, without repeats): their applicants'
// years, then their kinds' and levels' rules. An id that does not exist locks nothing (its decision refuses it).
func lockDecisions(ctx context.Context, tx *db.Tx, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	var years, rules []string
	err := db.EachRow(ctx, tx, `SELECT user_id, bid_date, cert_kind, cert_level FROM reward_application WHERE id IN (`+db.Placeholders(len(ids))+`)`,
		args, func(row db.Row) error {
			var user int64
			var bid, kind, level string
			if err := row.Scan(&user, &bid, &kind, &level); err != nil {
				return err
			}
			years = append(years, strconv.FormatInt(user, 10)+"\x00"+yearOf(bid))
			rules = append(rules, ruleKey(kind, level))
			return nil
		})
	if err != nil {
		return fmt.Errorf("reward: lock decisions: %w", err)
	}
	if err := tx.Lock(ctx, lockApplicantYear, years...); err != nil {
		return err
	}
	return tx.Lock(ctx, lockRule, rules...)
}

// yearOf is the calendar year of a date (YYYY-MM-DD).
func yearOf(date string) string {
	y, _, _ := strings.Cut(date, "-")
	return y
}

// sortedIDs are ids in ascending order without repeats: a batch decides the older applications first.
func sortedIDs(ids []int64) []int64 {
	out := slices.Clone(ids)
	slices.Sort(out)
	return slices.Compact(out)
}
