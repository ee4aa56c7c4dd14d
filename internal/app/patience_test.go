package app_test

import "time"

// patience is how long a test waits for something that must happen (a message at a gateway, a run in the task
// log, another instance seeing a change): far beyond what any machine needs, however loaded, so that no test
// depends on the machine's speed. A wait ends as soon as the thing happens; only a real failure waits this long.
const patience = 2 * time.Minute
