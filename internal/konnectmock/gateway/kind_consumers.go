package gateway

func init() {
	register(&kind{
		name:        "consumers",
		singular:    "consumer",
		nameField:   "username",
		filterField: "username",
		fields: []*field{
			fld("username", tString, unique(), nonEmpty()),
			fld("custom_id", tString, unique(), nonEmpty()),
			tagsField(),
		},
		finish: func(b *build) {
			if !hasAny(b.obj, "custom_id", "username") {
				b.failEntity("at least one of these fields must be non-empty: 'custom_id', 'username'")
			}
		},
	})
	register(&kind{
		name:        "consumer_groups",
		singular:    "consumer_group",
		nameField:   "name",
		filterField: "name",
		fields: []*field{
			fld("name", tString, required(), unique(), nonEmpty()),
			tagsField(),
		},
	})
}
