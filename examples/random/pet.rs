//! `random_pet`: random names such as `amused-otter`, for unique resource names.

use rand::seq::SliceRandom as _;
use tfvalue::{Nullable, TfSchema, Unknown};
use tfvalue_provider::{
    ApplyError, Context, CreateRequest, Diagnostic, Diagnostics, Resource, ValidateRequest,
};

use super::generator::os_rng;
use super::limits::{at_most, MAX_PET_WORDS, MAX_REPEATED_TEXT};
use super::{keepers_replace, state_only, Keepers};

/// A random pet name.
#[derive(TfSchema, Debug, Clone)]
pub struct Pet {
    /// Arbitrary map of values that, when changed, will trigger recreation of resource.
    #[tf(requires_replace_if = keepers_replace)]
    pub keepers: Keepers,
    /// The length (in words) of the pet name, at most 1024. Defaults to 2
    #[tf(default = 2, requires_replace, at_most = 1024)]
    pub length: Unknown<Nullable<i64>>,
    /// A string to prefix the name with.
    #[tf(requires_replace)]
    pub prefix: Unknown<Nullable<String>>,
    /// The character to separate words in the pet name. Defaults to "-"
    #[tf(default = "-", requires_replace)]
    pub separator: Unknown<Nullable<String>>,
    /// The random pet name.
    #[tf(computed, use_state_for_unknown)]
    pub id: Unknown<Nullable<String>>,
}

/// Adverbs, for names of three words or more.
const ADVERBS: &str =
    "ably actually aptly boldly bravely briefly brightly busily calmly carefully cheaply \
    cleanly clearly closely commonly correctly crisply curiously daily deeply deftly \
    directly eagerly early easily evenly exactly fairly finally firmly fluently formally \
    freely fully gently gladly gratefully happily heartily highly honestly humbly ideally \
    jointly justly keenly kindly largely lightly literally loudly luckily mainly merely \
    mildly mostly naturally neatly nicely notably openly partly patiently politely poorly \
    presently promptly properly proudly quickly quietly rapidly readily really rightly \
    roughly sadly safely sharply shortly simply slowly smoothly softly solely steadily \
    strictly strongly suddenly surely sweetly swiftly tenderly terribly thankfully tightly \
    truly usefully usually vastly verbally vigorously violently vitally warmly weekly \
    wholly widely wildly wisely yearly";

/// Adjectives: the word before the name.
const ADJECTIVES: &str =
    "able adapted advanced alive amazed amused apparent arriving awake balanced beloved big \
    bold brave bright busy capable careful casual central champion cheerful choice classic \
    clear climbing closing comic complete concise content correct crack credible crucial \
    cunning current daring dashing decent deep delicate destined direct distinct divine \
    driven dynamic easy elegant eminent enabling engaged enhanced enormous epic equipped \
    ethical evolved exact exciting expert fair famous fast fine first fitting flexible \
    fluent fond free full funny generous genuine glad glowing good grand great grown \
    guiding happy harmless helped helping hip honest hot humane humorous immense immune in \
    infinite innocent integral intent intimate joint keen kind known lasting learning \
    legible liberal liked live logical loving lucky magnetic major massive mature measured \
    merry mint modern moral moved musical national natural neat neutral next noble notable \
    novel on open optimum oriented patient perfect picked pleased poetic polished possible \
    precious present primary pro profound prompt proven pure quick rapid rational real \
    regular relative relaxing relieved renewing rested right romantic sacred saved secure \
    selected set settling sharp simple singular smart smiling social sought special square \
    star sterling stirred striking stunning suitable summary super supreme sweeping \
    talented tender thorough tight tolerant topical touched tranquil trusting up upward \
    useful valued verified vital wanted wealthy welcomed whole winning wise wondrous \
    working";

/// Names: the last word, an animal.
const NAMES: &str =
    "aardvark akita alien alpaca anchovy anemone anteater antelope aphid arachnid baboon \
    badger basilisk bass beagle bear bee beetle bird bison bluebird bluegill boa boar \
    bonefish boxer buck buffalo bull bulldog bunny burro caiman calf cardinal caribou \
    catfish cattle cheetah chicken chimp chipmunk cicada civet cobra cockatoo collie colt \
    coral corgi cow cowbird crab crane crawdad crayfish crow cub dassie deer dinosaur \
    doberman doe dog dolphin donkey dove dragon drum duck eagle earwig eft egret elf elk \
    escargot ewe fawn feline filly finch fish flamingo flounder fly fowl fox frog gannet \
    garfish gator gecko gelding ghoul gibbon glider glowworm gnu goat goblin goldfish \
    gopher gorilla grackle griffon grouper grouse grubworm guinea guppy haddock halibut \
    hamster hawk hedgehog hermit heron hippo hog hookworm hornet hound humpback hyena ibex \
    impala imp jackal jaguar jawfish jay jennet joey kid killdeer kit kite kiwi koala koi \
    krill labrador lacewing ladybug lamb lark leech lemur leopard lion lionfish llama \
    lobster longhorn loon lynx macaque mackerel maggot mako malamute mammal mammoth mantis \
    marlin marmot marten mastiff mastodon meerkat midge minnow mite mole mollusk monarch \
    mongoose monitor monkey monster moose mosquito moth mudfish mule muskox muskrat mutt \
    narwhal oarfish ocelot opossum orca oryx osprey owl ox panda pangolin parakeet parrot \
    pegasus pelican perch pheasant pig pigeon pika pipefish platypus polecat pony poodle \
    possum prawn pug puma python quagga quetzal rabbit racer ram rat rattler ray redbird \
    reindeer reptile ringtail robin rooster roughy salmon satyr sawfly scorpion seagull \
    seahorse seasnail serval shark sheep shepherd shiner shrimp silkworm skunk skylark \
    slug snail snapper snipe spaniel sparrow sponge squid stag stallion starling stingray \
    stork stud sunbeam sunbird swan swift tadpole tahr tarpon teal terrapin terrier thrush \
    tick titmouse toad tortoise toucan troll trout turkey turtle urchin vervet vulture \
    wahoo walleye walrus wasp weasel werewolf whale wildcat wolf woodcock worm yak yeti";

/// The number of words of a name of `length` (1, else at least 2; at most
/// [`MAX_PET_WORDS`]); an error at `separator` when the separators between them (and
/// after a prefix) would fill more than [`MAX_REPEATED_TEXT`] bytes.
pub fn word_count(length: i64, separator: &str, prefixed: bool) -> Result<usize, Diagnostic> {
    let words = match at_most(Some(length), MAX_PET_WORDS, "length")? {
        1 => 1,
        n => n.max(2),
    };
    let separators = (words - 1 + usize::from(prefixed)) as u64;
    let bytes = separators.saturating_mul(separator.len() as u64);
    if bytes > MAX_REPEATED_TEXT {
        return Err(Diagnostic::error("Invalid Attribute Value")
            .with_detail(format!(
                "Attribute separator of {} bytes, repeated {separators} times, would fill \
                 {bytes} bytes; a name's separators may fill at most {MAX_REPEATED_TEXT} \
                 bytes (16 MiB)",
                separator.len()
            ))
            .at("separator"));
    }
    Ok(words)
}

/// Whether a name starts with `prefix` (set and not empty).
fn prefixed(prefix: &Unknown<Nullable<String>>) -> bool {
    prefix.as_value().is_some_and(|p| !p.is_empty())
}

/// The `random_pet` resource type.
pub struct PetResource;

impl Resource for PetResource {
    type Model = Pet;
    type Data = ();

    /// Refuses a separator whose repetitions would exceed [`MAX_REPEATED_TEXT`], once
    /// `length`, `separator` and `prefix` are known (the bound of `length` is the declared
    /// validator's).
    async fn validate(
        &self,
        _: &mut Context<()>,
        request: ValidateRequest<Pet>,
    ) -> Result<(), Diagnostics> {
        let config = &request.config;
        if let (Some(length), Some(separator), true) = (
            config.length.as_known(),
            config.separator.as_known(),
            config.prefix.is_known(),
        ) {
            // A length above its bound is the declared validator's error, not repeated here.
            let length = length.as_value().copied().unwrap_or(2);
            if length <= MAX_PET_WORDS {
                word_count(
                    length,
                    separator.as_value().map_or("-", String::as_str),
                    prefixed(&config.prefix),
                )?;
            }
        }
        Ok(())
    }

    async fn create(
        &self,
        _: &mut Context<()>,
        request: CreateRequest<Pet>,
    ) -> Result<Pet, ApplyError<Pet>> {
        let planned = request.planned;
        let mut rng = os_rng()?;
        let mut pick = |list: &'static str| -> &'static str {
            list.split_whitespace()
                .collect::<Vec<_>>()
                .choose(&mut rng)
                .copied()
                .unwrap_or("")
        };
        let separator = planned.separator.as_value().map_or("-", String::as_str);
        let words = word_count(
            planned.length.as_value().copied().unwrap_or(2),
            separator,
            prefixed(&planned.prefix),
        )?;
        let mut name: Vec<&str> = (2..words).map(|_| pick(ADVERBS)).collect();
        if words != 1 {
            name.push(pick(ADJECTIVES));
        }
        name.push(pick(NAMES));
        if let Some(prefix) = planned.prefix.as_value().filter(|p| !p.is_empty()) {
            name.insert(0, prefix);
        }
        let id = name.join(separator);
        Ok(Pet {
            id: Some(id).into(),
            ..planned
        })
    }

    state_only!(Pet);
}

#[cfg(test)]
mod tests {
    use super::word_count;
    use tfvalue::AttributePath;

    #[test]
    fn names_are_bounded_in_words_and_separator_text() {
        assert_eq!(word_count(2, "-", false), Ok(2));
        assert_eq!(word_count(1, "-", true), Ok(1));
        assert_eq!(word_count(0, "-", false), Ok(2));
        assert_eq!(word_count(-4, "-", false), Ok(2));
        assert_eq!(word_count(1024, "-", true), Ok(1024));
        let e = word_count(1_000_000_000_000, "-", false).unwrap_err();
        assert_eq!(
            e.detail(),
            "Attribute length value must be at most 1024, got: 1000000000000"
        );
        assert_eq!(e.attribute(), Some(&AttributePath::root().attr("length")));
        // 1,023 separators between 1,024 words, and one after the prefix: 1,024 of 16 KiB
        // fill exactly 16 MiB; one byte more each is refused.
        let sep = "s".repeat(16 << 10);
        assert_eq!(word_count(1024, &sep, true), Ok(1024));
        let sep = "s".repeat((16 << 10) + 1);
        assert_eq!(word_count(1024, &sep, false), Ok(1024));
        let e = word_count(1024, &sep, true).unwrap_err();
        assert_eq!(
            e.detail(),
            "Attribute separator of 16385 bytes, repeated 1024 times, would fill 16778240 \
             bytes; a name's separators may fill at most 16777216 bytes (16 MiB)"
        );
        assert_eq!(
            e.attribute(),
            Some(&AttributePath::root().attr("separator"))
        );
    }
}
