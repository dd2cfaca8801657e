package mesh

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/konnectguard/terraform-provider-konnect/internal/engine"
	"github.com/konnectguard/terraform-provider-konnect/internal/konnect"
)

// featureTypes are the features Konnect can enable on a mesh control plane at its creation.
var featureTypes = []string{"MeshCreation", "HostnameGeneratorCreation"}

// enabled is a feature's one setting.
func enabled(what string) engine.Type {
	return engine.ObjectOf(engine.Attr{Name: "enabled", Type: engine.Bool, Mode: engine.Required, Description: "Whether Konnect " + what + "."})
}

// ControlPlaneKind is a Kong Mesh global control plane in Konnect (/v1/mesh/control-planes).
var ControlPlaneKind = engine.EntityKind{
	TypeName: "konnect_mesh_control_plane",
	Description: "A Kong Mesh global control plane in Konnect's Mesh Manager, which zones connect to. " +
		"An update sends only what the plan changes (PATCH): the name, the description and the labels (merged key by key). " +
		"`features` are set when the control plane is created: changing them replaces it. " +
		"Konnect refuses to delete a control plane while one of its zones is online: a destroy waits for the zones to disconnect, " +
		"up to 10 minutes, then fails naming the zone Konnect reports, and the control plane stays. Import it by id.",
	API: meshAPI{PatchAPI: engine.PatchAPI{PlatformAPI: engine.PlatformAPI{Collection: func(map[string]string) string { return "/v1/mesh/control-planes" }, Listed: true}}},
	Attrs: []engine.Attr{
		{Name: "name", Type: engine.String, Mode: engine.Required, Description: "The name of the control plane (1 to 100 characters, starting with a letter or digit).",
			Validators: []engine.Validator{stringvalidator.LengthBetween(1, 100), stringvalidator.RegexMatches(regexp.MustCompile(`^[a-z0-9A-Z]`), "must start with a letter or digit")}},
		{Name: "description", Type: engine.String, Default: engine.DefaultNull, Description: "What the control plane is for (at most 250 characters). Removed from configuration, Konnect holds none.",
			Validators: []engine.Validator{stringvalidator.LengthAtMost(250)}},
		{Name: "labels", Default: map[string]any{}, Type: engine.MapOf(engine.String),
			Description: "Labels to find the control plane by (at most 10; keys 1 to 63 characters). To remove every label set `labels = {}`.",
			Validators: []engine.Validator{mapvalidator.SizeAtMost(10), mapvalidator.KeysAre(stringvalidator.LengthBetween(1, 63)),
				mapvalidator.ValueStringsAre(stringvalidator.LengthBetween(1, 63),
					stringvalidator.RegexMatches(regexp.MustCompile(`^[a-z0-9A-Z]([a-z0-9A-Z-._]*[a-z0-9A-Z])?$`), "must be letters, digits, `-`, `.` and `_`, starting and ending with a letter or digit"))}},
		{Name: "features", ForceNew: true,
			Description: "The features Konnect enables when it creates the control plane. Unset, the control plane has Konnect's. Changing them replaces the control plane.",
			Type: engine.ListOf(engine.ObjectOf(
				engine.Attr{Name: "type", Type: engine.String, Mode: engine.Required, Description: "The feature: `MeshCreation` or `HostnameGeneratorCreation`.",
					Validators: []engine.Validator{stringvalidator.OneOf(featureTypes...)}},
				engine.Attr{Name: "mesh_creation", JSON: "meshCreation", Type: enabled("creates a default mesh"),
					Description: "The settings of `MeshCreation`."},
				engine.Attr{Name: "hostname_generator_creation", JSON: "hostnameGeneratorCreation", Type: enabled("creates default hostname generators"),
					Description: "The settings of `HostnameGeneratorCreation`."},
			))},
		engine.PlatformTimestamps[0], engine.PlatformTimestamps[1],
	},
}

// DeleteTimeout is how long a destroy waits for Konnect to take the delete of a control plane
// whose zones are online.
const DeleteTimeout = 10 * time.Minute

// meshAPI is the collection of mesh control planes; its Delete waits while Konnect refuses it
// because a zone is online.
type meshAPI struct {
	engine.PatchAPI
	// deleteTimeout is the wait (DeleteTimeout when zero; tests shorten it).
	deleteTimeout time.Duration
}

// zoneOnline is Konnect's refusal of a delete while a zone is connected ("zone "zone1" is
// still online"); it returns Konnect's words.
func zoneOnline(err error) (string, bool) {
	var apiErr *konnect.APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusBadRequest || !strings.Contains(err.Error(), "still online") {
		return "", false
	}
	return apiErr.Detail, true
}

// Delete deletes the control plane. While Konnect refuses because a zone is online, it tries
// again, with the growing interval of engine.Poll, until the zone has disconnected or the
// timeout passes; then the error names the zone (Konnect's words) and the wait.
func (m meshAPI) Delete(ctx context.Context, cl *konnect.Client, a engine.Address, ifMatch string) (*konnect.Response, error) {
	timeout := m.deleteTimeout
	if timeout == 0 {
		timeout = DeleteTimeout
	}
	interval, err := engine.PollIntervalFromEnv()
	if err != nil {
		return nil, err
	}
	var resp *konnect.Response
	var refused string
	start := time.Now()
	err = engine.Poll(ctx, interval, timeout, func(ctx context.Context) (bool, error) {
		var derr error
		resp, derr = m.PatchAPI.Delete(ctx, cl, a, ifMatch)
		reason, online := zoneOnline(derr)
		if !online {
			return true, derr
		}
		if refused == "" {
			tflog.Info(ctx, "konnect: mesh control plane delete waits for its zones to disconnect", map[string]any{"id": a.ID, "konnect": reason})
		}
		refused = reason
		return false, nil
	})
	if refused != "" && err != nil && !errors.Is(err, context.Canceled) {
		var apiErr *konnect.APIError
		if errors.As(err, &apiErr) {
			return resp, err
		}
		return resp, fmt.Errorf("konnect refuses to delete mesh control plane %s while a zone is online, and after waiting %s it still answers: %s. "+
			"Disconnect the control plane's zones (stop their zone control planes), then destroy again; "+
			"the control plane stays in Terraform's state until then", a.ID, timeout, refused)
	}
	if refused != "" && err == nil {
		tflog.Info(ctx, "konnect: mesh control plane deleted once its zones disconnected", map[string]any{"id": a.ID, "waited": time.Since(start).Round(time.Millisecond).String()})
	}
	return resp, err
}
