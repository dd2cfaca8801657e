package provider

import "log"

// quieted are the level variables set to OFF. The SDK's subsystems need their own: one left
// unset still formats every TRACE line before the root logger drops it.
var quieted = []string{"TF_LOG_SDK", "TF_LOG_SDK_PROTO", "TF_LOG_SDK_FRAMEWORK", "TF_LOG_PROVIDER_KONNECT"}

// QuietUnreadLogs turns the provider's own and the SDK's logs off when the CLI that runs
// the provider will throw them away anyway. Without a level the plugin libraries log every
// gRPC call and every framework step at TRACE; Terraform and OpenTofu read each line from
// the provider's stderr and then drop it unless TF_LOG or TF_LOG_PROVIDER is set. Writing
// and parsing those lines was about 40% of the provider's CPU in a no-change plan.
//
// Anything the user set wins: with TF_LOG or TF_LOG_PROVIDER set nothing changes, and a
// level already set in one of the quieted variables is kept.
func QuietUnreadLogs(lookup func(string) (string, bool), set func(string, string) error) {
	for _, name := range []string{"TF_LOG", "TF_LOG_PROVIDER"} {
		if v, ok := lookup(name); ok && v != "" {
			return
		}
	}
	for _, name := range quieted {
		if v, ok := lookup(name); ok && v != "" {
			continue
		}
		if err := set(name, "OFF"); err != nil {
			log.Printf("[WARN] could not set %s: %v", name, err)
		}
	}
}
