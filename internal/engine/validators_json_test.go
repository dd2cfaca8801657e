package engine

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// A JSON attribute that must hold an object names what it holds instead the way JSON does
// (`jsonencode([1,2])`: "not an array"), never as a Go type (it said "not []interface {}").
func TestJSONObjectNamesTheKind(t *testing.T) {
	for text, want := range map[string]string{
		`[1,2]`: "config must be a JSON object (use jsonencode), not an array.",
		`"x"`:   "config must be a JSON object (use jsonencode), not a string.",
		`3`:     "config must be a JSON object (use jsonencode), not a number.",
		`null`:  "config must be a JSON object (use jsonencode), not null.",
		`{}`:    "",
	} {
		var resp validator.StringResponse
		JSONText(true).ValidateString(context.Background(), validator.StringRequest{Path: path.Root("config"), ConfigValue: types.StringValue(text)}, &resp)
		got := ""
		if resp.Diagnostics.HasError() {
			got = resp.Diagnostics[0].Detail()
		}
		if got != want {
			t.Errorf("%s: %q, want %q", text, got, want)
		}
	}
}
