"""The Sprague-Grundy search: memoised values and outcomes with an explicit budget, sums,
loopy games (retrograde analysis) and the process's memory cap."""
