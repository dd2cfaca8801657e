package provider

import "testing"

func TestQuietUnreadLogs(t *testing.T) {
	allOff := map[string]string{"TF_LOG_SDK": "OFF", "TF_LOG_SDK_PROTO": "OFF", "TF_LOG_SDK_FRAMEWORK": "OFF", "TF_LOG_PROVIDER_KONNECT": "OFF"}
	for _, tc := range []struct {
		name string
		env  map[string]string
		want map[string]string // what QuietUnreadLogs sets
	}{
		{"nothing set: the CLI drops provider logs, so they are off",
			map[string]string{}, allOff},
		{"empty TF_LOG is unset",
			map[string]string{"TF_LOG": ""}, allOff},
		{"TF_LOG set: the user reads them, nothing changes",
			map[string]string{"TF_LOG": "DEBUG"}, map[string]string{}},
		{"TF_LOG_PROVIDER set: nothing changes",
			map[string]string{"TF_LOG_PROVIDER": "TRACE"}, map[string]string{}},
		{"a level the user chose is kept",
			map[string]string{"TF_LOG_PROVIDER_KONNECT": "DEBUG"},
			map[string]string{"TF_LOG_SDK": "OFF", "TF_LOG_SDK_PROTO": "OFF", "TF_LOG_SDK_FRAMEWORK": "OFF"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := map[string]string{}
			QuietUnreadLogs(func(k string) (string, bool) {
				v, ok := tc.env[k]
				return v, ok
			}, func(k, v string) error {
				got[k] = v
				return nil
			})
			if len(got) != len(tc.want) {
				t.Fatalf("set %v, want %v", got, tc.want)
			}
			for k, v := range tc.want {
				if got[k] != v {
					t.Fatalf("set %v, want %v", got, tc.want)
				}
			}
		})
	}
}
