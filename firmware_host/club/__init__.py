"""A club room: many boards, one broadcast (issue 64)."""
