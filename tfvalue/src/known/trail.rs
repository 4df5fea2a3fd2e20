//! The path trail: [`Trail`], the steps from the root of a model to the value being
//! examined, kept on the stack and turned into an [`AttributePath`] only when an unknown
//! value is found.

use crate::path::{AttributePath, PathStep};

/// The steps from the root of a model to the value being examined, kept on the stack.
///
/// Each step borrows the one before it, so descending costs nothing; an [`AttributePath`] is
/// built (with [`Trail::to_path`]) only when an unknown value is found. It is `Copy`: pass
/// it by value.
///
/// ```
/// use tfvalue::known::Trail;
///
/// let root = Trail::root();
/// let disk = root.attr("disk");
/// let second = disk.index(2);
/// assert_eq!(second.attr("size_gb").to_path().to_string(), ".disk[2].size_gb");
/// assert_eq!(root.attr("tags").key("env").to_path().to_string(), r#".tags["env"]"#);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Trail<'a> {
    link: Link<'a>,
}

#[derive(Clone, Copy, Debug)]
enum Link<'a> {
    /// The root of the model.
    Root,
    /// The root of the model sits at this path.
    Base(&'a AttributePath),
    /// One step below another trail.
    Step(&'a Trail<'a>, Step<'a>),
}

#[derive(Clone, Copy, Debug)]
enum Step<'a> {
    Attr(&'a str),
    Key(&'a str),
    Index(usize),
}

impl Step<'_> {
    fn to_path_step(self) -> PathStep {
        match self {
            Step::Attr(name) => PathStep::Attr(name.to_owned()),
            Step::Key(key) => PathStep::Key(key.to_owned()),
            Step::Index(i) => PathStep::Index(i64::try_from(i).unwrap_or(i64::MAX)),
        }
    }
}

impl Trail<'static> {
    /// The root of the model: paths start empty.
    pub const fn root() -> Self {
        Trail { link: Link::Root }
    }
}

impl<'a> Trail<'a> {
    /// The root of a model that sits at `prefix` inside something larger: every path found
    /// starts with `prefix`.
    pub const fn under(prefix: &'a AttributePath) -> Self {
        Trail {
            link: Link::Base(prefix),
        }
    }

    /// One step further: the attribute or block type `name` (`.name`).
    pub fn attr<'b>(&'b self, name: &'b str) -> Trail<'b>
    where
        'a: 'b,
    {
        Trail {
            link: Link::Step(self, Step::Attr(name)),
        }
    }

    /// One step further: the map element or MAP-nested block with key `key` (`["key"]`).
    pub fn key<'b>(&'b self, key: &'b str) -> Trail<'b>
    where
        'a: 'b,
    {
        Trail {
            link: Link::Step(self, Step::Key(key)),
        }
    }

    /// One step further: the list, tuple or set element at `index` (`[index]`; set elements
    /// by their stored position).
    pub fn index<'b>(&'b self, index: usize) -> Trail<'b>
    where
        'a: 'b,
    {
        Trail {
            link: Link::Step(self, Step::Index(index)),
        }
    }

    /// The path to this point.
    pub fn to_path(&self) -> AttributePath {
        self.join(&[])
    }

    /// The path to this point followed by `rest`.
    pub fn join(&self, rest: &[PathStep]) -> AttributePath {
        // Walks up once to size the path, once more to fill it (loops, not recursion).
        let mut depth = 0;
        let mut base: &[PathStep] = &[];
        let mut t = self;
        while let Link::Step(parent, _) = t.link {
            depth += 1;
            t = parent;
        }
        if let Link::Base(prefix) = t.link {
            base = prefix.steps();
        }
        let mut steps = Vec::with_capacity(base.len() + depth + rest.len());
        steps.extend_from_slice(base);
        let start = steps.len();
        let mut t = self;
        while let Link::Step(parent, step) = t.link {
            steps.push(step.to_path_step());
            t = parent;
        }
        if let Some(mine) = steps.get_mut(start..) {
            mine.reverse();
        }
        steps.extend_from_slice(rest);
        AttributePath::from_steps(steps)
    }
}
