//! What a game family declares, and the pieces of a spec string it reads.
//!
//! A family (one folder under `games/`) lists its [`Family`] entries in its `spec.rs`: a name,
//! the keys it takes and a builder that reads them from [`SpecArgs`]. The
//! [registry](crate::registry) gathers the entries and [`crate::spec::parse_game`] finds one by name. This
//! module imports neither, so a family's folder depends on it and on nothing that lists the
//! families.

pub use crate::number::{parse_position, parse_set, parse_template, MAX_SET_LEN};
use crate::number::{parse_u64, strip};
use crate::{Error, Result, Ruleset};

/// A game family: its name in specs, its keys, and how to build a ruleset from the parameters.
pub struct Family {
    /// The name before the first `:`.
    pub name: &'static str,
    /// The accepted keys, for error messages and help.
    pub keys: &'static [&'static str],
    /// One line for `--help`, with an example spec.
    pub summary: &'static str,
    /// Builds the ruleset; every key it does not take is reported as unknown.
    pub build: fn(&mut SpecArgs) -> Result<Box<dyn Ruleset>>,
}

/// Builds a spec of one of `families` (its name in any case), with every check
/// [`crate::spec::parse_game`] makes; `Ok(None)` when the spec names another family. For a
/// family folder's typed parsers, which must not go through the registry.
pub fn build_from(text: &str, families: &[Family]) -> Result<Option<Box<dyn Ruleset>>> {
    let mut args = SpecArgs::parse(text)?;
    match args.select(families) {
        Some(family) => build(family, &mut args).map(Some),
        None => Ok(None),
    }
}

/// Runs `family`'s builder on `args`, then refuses any key or part it did not take.
pub fn build(family: &Family, args: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    let ruleset = (family.build)(args)?;
    args.finish(family)?;
    Ok(ruleset)
}

/// The parameters of a spec string, taken one by one by a family's builder.
#[derive(Debug)]
pub struct SpecArgs {
    text: String,
    family: String,
    params: Vec<(String, String, bool)>,
    /// A part without `=` (the main parameter of families that take one, e.g. `octal:0.137`),
    /// and whether the family took it.
    bare: Option<(String, bool)>,
}

impl SpecArgs {
    /// Splits `family:key=value:...`; duplicate keys and parts without `=` are errors.
    pub fn parse(text: &str) -> Result<Self> {
        let mut parts = text.trim().split(':');
        let family = parts.next().unwrap_or("").trim().to_string();
        if family.is_empty() {
            return Err(Error::Spec(format!("'{text}' has no game name")));
        }
        let mut params: Vec<(String, String, bool)> = Vec::new();
        let mut bare = None;
        for part in parts {
            let Some((key, value)) = part.split_once('=') else {
                if bare.is_some() {
                    return Err(Error::Spec(format!(
                        "'{part}' in '{text}' is not of the form key=value"
                    )));
                }
                bare = Some((part.trim().to_string(), false));
                continue;
            };
            let key = key.trim().to_string();
            if params.iter().any(|(k, _, _)| k.eq_ignore_ascii_case(&key)) {
                return Err(Error::Spec(format!(
                    "key '{key}' is given twice in '{text}'"
                )));
            }
            params.push((key, value.trim().to_string(), false));
        }
        Ok(SpecArgs {
            text: text.to_string(),
            family,
            params,
            bare,
        })
    }

    /// The family name.
    pub fn family(&self) -> &str {
        &self.family
    }

    /// The family of `families` this spec names, whatever the case it was typed in; the name is
    /// then the registered one.
    pub fn select<'f>(&mut self, families: &'f [Family]) -> Option<&'f Family> {
        let family = families
            .iter()
            .find(|f| f.name.eq_ignore_ascii_case(&self.family))?;
        self.family = family.name.to_string();
        Some(family)
    }

    /// The raw value of `key`, marking it used.
    pub fn take(&mut self, key: &str) -> Option<String> {
        self.params
            .iter_mut()
            .find(|(k, _, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v, used)| {
                *used = true;
                v.clone()
            })
    }

    /// The part without `=`, for a family whose main parameter is written bare (`octal:0.137`).
    pub fn take_bare(&mut self) -> Option<String> {
        self.bare.as_mut().map(|(value, used)| {
            *used = true;
            value.clone()
        })
    }

    /// The first part not taken yet, rejoined as written: for a family whose bare parameter may
    /// contain `=` (a take-and-break code such as `4=.0`), which [`SpecArgs::parse`] split as
    /// key=value.
    pub fn take_part_with_equals(&mut self) -> Option<String> {
        self.params
            .iter_mut()
            .find(|(_, _, used)| !used)
            .map(|(key, value, used)| {
                *used = true;
                format!("{key}={value}")
            })
    }

    /// The raw value of a key that must be present.
    pub fn require(&mut self, key: &str) -> Result<String> {
        if let Some(value) = self.take(key) {
            return Ok(value);
        }
        // A bare part the family does not take is the likelier mistake (`subtraction:s`).
        self.unused_bare()?;
        let family = &self.family;
        Err(Error::Spec(format!(
            "'{family}' needs the key '{key}', e.g. {family}:{key}=..."
        )))
    }

    /// The error for a part without `=` that no one took.
    fn unused_bare(&self) -> Result<()> {
        match &self.bare {
            Some((part, false)) => Err(Error::Spec(format!(
                "'{part}' in '{}' is not of the form key=value",
                self.text
            ))),
            _ => Ok(()),
        }
    }

    /// The value of `key` as a SET (see [`parse_set`]), if present.
    pub fn set(&mut self, key: &str) -> Result<Option<Vec<u64>>> {
        self.take(key)
            .map(|v| parse_set(&v).map_err(|e| Error::Spec(format!("{key}: {}", strip(&e)))))
            .transpose()
    }

    /// The value of a key that must be present, as a SET.
    pub fn required_set(&mut self, key: &str) -> Result<Vec<u64>> {
        match self.set(key)? {
            Some(set) => Ok(set),
            None => self.require(key).map(|_| Vec::new()),
        }
    }

    /// The value of `key` as a number, if present.
    pub fn number(&mut self, key: &str) -> Result<Option<u64>> {
        self.take(key)
            .map(|v| parse_u64(&v).map_err(|e| Error::Spec(format!("{key}: {}", strip(&e)))))
            .transpose()
    }

    /// Errors if a key was given that the family did not take.
    pub fn finish(&self, family: &Family) -> Result<()> {
        self.unused_bare()?;
        if let Some((key, _, _)) = self.params.iter().find(|(_, _, used)| !used) {
            let accepted = if family.keys.is_empty() {
                "it takes no keys".to_string()
            } else {
                format!("accepted keys: {}", family.keys.join(", "))
            };
            return Err(Error::Spec(format!(
                "'{}' has no key '{key}'; {accepted}",
                family.name
            )));
        }
        Ok(())
    }
}
